/**
 * How long a content change takes to show in search: a hotel renamed through the admin API
 * (POST /import_hotel_csv, one row of hotels.csv), timed from the import's answer until a search of
 * the hotel shows the new name, polling every 10 ms. The server follows changes at its poll interval
 * (HOTEL_INDEX_POLL_MS, 1 s by default) and updates the one hotel in place.
 */
type Headers = Record<string, string>;

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
  const columns = [
    'code',
    'name',
    'city_id',
    'stars',
    'address',
    'latitude',
    'longitude',
    'check_in_time',
    'check_out_time',
  ];
  const cell = (v: unknown) => `"${String(v).replaceAll('"', '""')}"`;
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const name = `${String(details.name)} (${i + 1})`;
    const row = columns.map((c) => cell(c === 'name' ? name : details[c]));
    const res = await fetch(`${base}/import_hotel_csv`, {
      method: 'POST',
      headers: { ...adminHeaders, 'content-type': 'text/csv' },
      body: `${columns.join(',')}\n${row.join(',')}\n`,
    });
    if (res.status !== 200) throw new Error(`import failed: ${res.status} ${await res.text()}`);
    const imported = performance.now();
    while ((await nameNow()) !== name) await new Promise((r) => setTimeout(r, 10));
    samples.push(performance.now() - imported);
  }
  return samples;
}
