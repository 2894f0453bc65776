/**
 * The ledger's accounts. Amounts are signed from the books' side: a credit is positive, a debit
 * negative, so a liability (what is owed to an agency) or income grows with credits, and an asset (money
 * received, money the card gateway owes) shows as a negative sum.
 */
export const ACCOUNTS = {
  /** Money received by bank transfer or at the desk: agency top-ups. */
  fundsReceived: 'funds_received',
  /** Card money captured and due from the gateway (refunds reduce it). */
  cardClearing: 'card_clearing',
  /** What was sold, without taxes and without the seller's markup: the net. */
  sales: 'sales',
  /** The seller's markup over the net (pricing rules). */
  markups: 'markups',
  /** Commissions earned by agencies on their sales (an expense; reversals on refunds reduce it). */
  commissions: 'commissions',
  /** Taxes collected for authorities (airport and ticket taxes). */
  taxesCollected: 'taxes_collected',
  /** Sales given back on cancellation (a contra-income account). */
  refunds: 'refunds',
  /** The part of a cancelled sale kept as a penalty. */
  penalties: 'penalties',
  /** Where a payment in one currency meets a sale in another; one leg per currency. */
  currencyExchange: 'currency_exchange',
} as const;

const AGENCY_PREFIX = 'agency:';

/** The account of an agency's prepaid balance (what is owed to it; below zero when it uses credit). */
export function agencyAccount(agencyId: string): string {
  return `${AGENCY_PREFIX}${agencyId}`;
}

/** The agency of an agency account, or undefined for any other account. */
export function agencyOf(account: string): string | undefined {
  return account.startsWith(AGENCY_PREFIX) ? account.slice(AGENCY_PREFIX.length) : undefined;
}
