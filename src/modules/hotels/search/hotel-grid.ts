/** The size of a grid cell, in degrees of latitude and longitude. */
const GRID_DEGREES = 0.25;
const COLUMNS = 360 / GRID_DEGREES;

/**
 * Positions of hotels by grid cell, so that a radius search looks at the few cells covering its circle
 * rather than at every hotel.
 */
export class HotelGrid {
  private readonly cells = new Map<string, number[]>();

  /** Files a position under the cell of its coordinates. */
  add(at: number, latitude: number, longitude: number): void {
    const key = cellOf(latitude, longitude);
    const cell = this.cells.get(key);
    if (cell) cell.push(at);
    else this.cells.set(key, [at]);
  }

  /** Takes a position out of the cell of its coordinates (the cell goes when empty). */
  remove(at: number, latitude: number, longitude: number): void {
    const key = cellOf(latitude, longitude);
    const list = this.cells.get(key)?.filter((v) => v !== at);
    if (list && list.length > 0) this.cells.set(key, list);
    else this.cells.delete(key);
  }

  /**
   * The positions in the cells that cover a circle: a superset of those inside it (the caller
   * measures), each once.
   */
  near(latitude: number, longitude: number, radiusKm: number): number[] {
    const latSpan = radiusKm / 111;
    const lonSpan = radiusKm / (111 * Math.max(0.01, Math.cos((latitude * Math.PI) / 180)));
    const out: number[] = [];
    const rows = cellRange(latitude - latSpan, latitude + latSpan);
    const columns =
      lonSpan >= 180
        ? cellRange(-180, 180 - GRID_DEGREES)
        : cellRange(longitude - lonSpan, longitude + lonSpan);
    const seen = new Set<string>();
    for (const r of rows) {
      for (const c of columns) {
        const key = `${r}|${wrapColumn(c)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        for (const at of this.cells.get(key) ?? []) out.push(at);
      }
    }
    return out;
  }
}

const cellRange = (from: number, to: number) => {
  const out: number[] = [];
  for (let i = Math.floor(from / GRID_DEGREES); i <= Math.floor(to / GRID_DEGREES); i++) out.push(i);
  return out;
};
const wrapColumn = (c: number) => ((((c + COLUMNS / 2) % COLUMNS) + COLUMNS) % COLUMNS) - COLUMNS / 2;
const cellOf = (latitude: number, longitude: number) =>
  `${Math.floor(latitude / GRID_DEGREES)}|${wrapColumn(Math.floor(longitude / GRID_DEGREES))}`;
