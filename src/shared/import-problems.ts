/** One problem found in an import file (flights or hotels), at a JSON pointer into the file. */
export interface ImportProblem {
  pointer: string;
  detail: string;
}
