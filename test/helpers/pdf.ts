import { extractText, getDocumentProxy } from 'unpdf';

/** The text of a PDF as a reader would copy it out, pages joined. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(doc, { mergePages: true })).text;
}
