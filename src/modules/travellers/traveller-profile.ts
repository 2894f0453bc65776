import type { Selectable } from 'kysely';
import type { TravellerProfilesTable } from '../../db/tables.ts';
import { foldedNames } from '../../shared/names.ts';
import type { Sealer } from '../../shared/sealed-data.ts';

export interface TravelDocument {
  type: 'passport' | 'identity_card';
  number: string;
  issuing_country: string;
  nationality: string;
  expires_on: string;
}

/** What a traveller profile holds, as the API takes and shows it. */
export interface ProfileFields {
  title: string | null;
  given_name: string;
  family_name: string;
  gender: string | null;
  born_on: string | null;
  email: string | null;
  phone: string | null;
  documents: TravelDocument[];
  loyalty_accounts: Array<{ airline: string; number: string }>;
  meal: string | null;
  seat: 'window' | 'aisle' | null;
}

export interface Profile extends ProfileFields {
  id: string;
  user_id: string | null;
  agency_id: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

type Row = Selectable<TravellerProfilesTable>;
type Secrets = Pick<ProfileFields, 'born_on' | 'documents'>;

/** Binds a profile's sealed part to the profile. */
const context = (id: string) => `traveller_profile:${id}`;

/** The fields a new profile starts from; what is asked replaces them. */
export const EMPTY_PROFILE: Omit<ProfileFields, 'given_name' | 'family_name'> = {
  title: null,
  gender: null,
  born_on: null,
  email: null,
  phone: null,
  documents: [],
  loyalty_accounts: [],
  meal: null,
  seat: null,
};

/** Profile to row and back: birth date and documents sealed, the rest as columns and JSON. */
export function profileCodec(sealer: Pick<Sealer, 'seal' | 'open'>) {
  return {
    toRow(p: Profile): Row {
      const secrets: Secrets = { born_on: p.born_on, documents: p.documents };
      return {
        id: p.id,
        user_id: p.user_id,
        agency_id: p.agency_id,
        title: p.title,
        given_name: p.given_name,
        family_name: p.family_name,
        gender: p.gender,
        email: p.email,
        phone: p.phone,
        sealed: sealer.seal(JSON.stringify(secrets), context(p.id)),
        loyalty_accounts: JSON.stringify(p.loyalty_accounts),
        preferences: JSON.stringify({ meal: p.meal, seat: p.seat }),
        names: foldedNames([p]),
        version: p.version,
        created_at: p.created_at,
        updated_at: p.updated_at,
      };
    },
    fromRow(row: Row): Profile {
      const secrets = JSON.parse(sealer.open(row.sealed, context(row.id))) as Secrets;
      const preferences = JSON.parse(row.preferences) as Pick<ProfileFields, 'meal' | 'seat'>;
      return {
        id: row.id,
        user_id: row.user_id,
        agency_id: row.agency_id,
        title: row.title,
        given_name: row.given_name,
        family_name: row.family_name,
        gender: row.gender,
        born_on: secrets.born_on,
        email: row.email,
        phone: row.phone,
        documents: secrets.documents,
        loyalty_accounts: JSON.parse(row.loyalty_accounts) as ProfileFields['loyalty_accounts'],
        meal: preferences.meal ?? null,
        seat: preferences.seat ?? null,
        version: row.version,
        created_at: row.created_at,
        updated_at: row.updated_at,
      };
    },
  };
}

/** Whether a document is worth keeping on a profile: at most one per type and issuing country. */
export function duplicateDocument(documents: readonly TravelDocument[]): number | undefined {
  const seen = new Set<string>();
  for (const [i, d] of documents.entries()) {
    const key = `${d.type}|${d.issuing_country}`;
    if (seen.has(key)) return i;
    seen.add(key);
  }
  return undefined;
}
