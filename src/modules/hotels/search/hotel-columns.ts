import { NumberColumn, StringColumn } from '../../../shared/columns.ts';

/*
 * The hotel index's columns (`hotel-index.ts`): which there are, of what kind, and how they become the
 * sections of a snapshot and back.
 */

/** The numeric columns and their kinds. Per hotel unless named room or plan. */
const NUMBER_COLUMNS = {
  alive: Uint8Array,
  cityOf: Uint32Array,
  chainOf: Int32Array,
  stars: Uint8Array,
  /** Published reviews: average score out of 10 times ten, and how many. */
  reviewScore: Uint8Array,
  reviewCount: Uint32Array,
  latitudes: Float64Array,
  longitudes: Float64Array,
  /** Time zone, check-in time, check-out time, amenities: interned numbers, four a hotel. */
  hotelRefs: Uint32Array,
  firstRoom: Uint32Array,
  roomCount: Uint16Array,
  firstPlan: Uint32Array,
  planCount: Uint16Array,
  /** Code, name, beds, amenities: interned numbers, four a room type. */
  roomRefs: Uint32Array,
  /** size_m2, rooms, max_adults, max_children, max_occupancy: five a room type. */
  roomNumbers: Uint32Array,
  roomFactors: Float64Array,
  /** The rest of a rate plan, which repeats across hotels: an interned object. */
  planRules: Uint32Array,
  planBase: Float64Array,
} as const;
/** The string columns (unique values, packed); ids and folded names are also kept as strings. */
const STRING_COLUMNS = [
  'ids',
  'folded',
  'codes',
  'names',
  'addresses',
  'images',
  'roomIds',
  'planIds',
] as const;

type NumberColumns = {
  [K in keyof typeof NUMBER_COLUMNS]: NumberColumn<InstanceType<(typeof NUMBER_COLUMNS)[K]>>;
};
type StringColumns = { [K in (typeof STRING_COLUMNS)[number]]: StringColumn };

/** Typed-array kinds, loosely: each column is made with the kind NUMBER_COLUMNS names for it. */
type AnyKind = new (length: number) => Uint8Array;

/** Columns with no rows yet. */
export const emptyColumns = () => ({
  ...(Object.fromEntries(
    Object.entries(NUMBER_COLUMNS).map(([name, kind]) => [name, new NumberColumn(kind as AnyKind)]),
  ) as unknown as NumberColumns),
  ...(Object.fromEntries(STRING_COLUMNS.map((name) => [name, new StringColumn()])) as StringColumns),
});

export type HotelColumns = ReturnType<typeof emptyColumns>;

/** The columns as named byte sections of a snapshot (views where they can be). */
export function columnSections(c: HotelColumns): Record<string, Uint8Array> {
  const sections: Record<string, Uint8Array> = {};
  for (const name of Object.keys(NUMBER_COLUMNS) as Array<keyof NumberColumns>)
    sections[name] = c[name].bytes();
  for (const name of STRING_COLUMNS) {
    const { text, ends } = c[name].parts();
    sections[`${name}.text`] = text;
    sections[`${name}.ends`] = ends;
  }
  return sections;
}

/** The columns of a snapshot's sections (`section` throws for one missing), as views of them. */
export function columnsFrom(section: (name: string) => Uint8Array): HotelColumns {
  const columns = emptyColumns();
  for (const [name, kind] of Object.entries(NUMBER_COLUMNS))
    (columns as Record<string, unknown>)[name] = NumberColumn.fromBytes(kind as AnyKind, section(name));
  for (const name of STRING_COLUMNS)
    columns[name] = StringColumn.fromParts({ text: section(`${name}.text`), ends: section(`${name}.ends`) });
  return columns;
}
