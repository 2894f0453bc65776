import {
  type Applied,
  appliedOf,
  attr,
  ERR,
  EWT,
  hotelOf,
  list,
  type Node,
  type OtaError,
  one,
  type Read,
  whole,
} from './ota-read.ts';

/** `CountType` 1 sets the rooms for sale (the allotment), 2 the rooms still available to sell. */
export interface CountUpdate extends Applied {
  countType: 1 | 2;
  count: number;
}

/** `OTA_HotelInvCountNotifRQ`: rooms for sale (CountType 1) or still available (CountType 2) per room type. */
export function readInvCountNotif(root: Node): Read<CountUpdate> {
  const errors: OtaError[] = [];
  const updates: CountUpdate[] = [];
  const base = '/OTA_HotelInvCountNotifRQ/Inventories';
  const container = one(root.Inventories);
  const hotelCode = hotelOf(container, base, errors);
  const inventories = list(container?.Inventory);
  if (container && inventories.length === 0)
    errors.push({
      type: EWT.required,
      code: ERR.requiredMissing,
      text: 'Inventory is required',
      tag: `${base}/Inventory`,
    });
  inventories.forEach((inv, i) => {
    const tag = `${base}/Inventory[${i + 1}]`;
    const applied = appliedOf(one(inv.StatusApplicationControl), hotelCode ?? '', tag, errors, true);
    const counts = list(one(inv.InvCounts)?.InvCount);
    if (counts.length !== 1)
      errors.push({
        type: EWT.required,
        code: ERR.requiredMissing,
        text: 'InvCounts must hold one InvCount',
        tag: `${tag}/InvCounts`,
      });
    const c = counts[0];
    if (!c) return;
    const at = `${tag}/InvCounts/InvCount`;
    const countType = attr(c, 'CountType') ?? '2';
    const count = whole(attr(c, 'Count'), 0, 9999);
    if (countType !== '1' && countType !== '2')
      errors.push({
        type: EWT.noImplementation,
        code: ERR.invalidValue,
        text: 'CountType must be 1 (rooms for sale) or 2 (rooms available)',
        tag: `${at}/@CountType`,
      });
    else if (count === undefined)
      errors.push({
        type: EWT.bizRule,
        code: ERR.invalidValue,
        text: 'Count must be a whole number from 0',
        tag: `${at}/@Count`,
      });
    else if (applied) updates.push({ ...applied, countType: countType === '1' ? 1 : 2, count });
  });
  return { updates, errors, warnings: [] };
}
