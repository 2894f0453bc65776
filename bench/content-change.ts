/**
 * How long a content change takes to show in search: a hotel renamed through the admin API
 * (POST /import_hotel_csv, one row of hotels.csv), timed from the import's answer until a search of
 * the hotel shows the new name, polling every 10 ms. The importing server updates the one hotel in place
 * before it answers; other processes follow at their poll interval, or at once on PostgreSQL.
 */
import { HOTEL_TABLES } from '../src/modules/hotels/index.ts';

type Headers = Record<string, string>;

/** One row of hotels.csv (its required columns) for a hotel as it is, but for a new name. */
export function renameCsv(hotel: Record<string, unknown>, name: string): string {
  const columns = HOTEL_TABLES.hotels.required;
  const cell = (v: unknown) => `"${String(v).replaceAll('"', '""')}"`;
  return `${columns.join(',')}\n${columns.map((c) => cell(c === 'name' ? name : hotel[c])).join(',')}\n`;
}

export async function contentChangeLatency(
  base: string,
  headers: Headers,
  adminHeaders: Headers,
  search: { check_in: string; check_out: string; rooms: unknown[] },
  hotelId: string,
  times: number,
): Promise<number[]> {
  const details = (await (await fetch(`${base}/b2c/hotels/${hotelId}`, { headers })).json()) as Record<
    string,
    unknown
  >;
  const nameNow = async () => {
    const res = await fetch(`${base}/search_hotels`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...search, destination: { hotel_ids: [hotelId] } }),
    });
    return ((await res.json()) as { data: Array<{ hotel: { name: string } }> }).data[0]?.hotel.name;
  };
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const name = `${String(details.name)} (${i + 1})`;
    const res = await fetch(`${base}/import_hotel_csv`, {
      method: 'POST',
      headers: { ...adminHeaders, 'content-type': 'text/csv' },
      body: renameCsv(details, name),
    });
    if (res.status !== 200) throw new Error(`import failed: ${res.status} ${await res.text()}`);
    const imported = performance.now();
    while ((await nameNow()) !== name) await new Promise((r) => setTimeout(r, 10));
    samples.push(performance.now() - imported);
  }
  return samples;
}
