import type { RoomTypeRecord } from '../inventory/hotel-file.ts';

/* The small demo's hotel names, streets, amenities and rooms: tables, no logic. */

export const NAMES = [
  'Grand',
  'Royal',
  'Park',
  'Harbour',
  'Central',
  'Garden',
  'Riverside',
  'Old Town',
  'Plaza',
  'Boutique',
  'Station',
  'Skyline',
];
export const KINDS = ['Hotel', 'Inn', 'Suites', 'Residence', 'Lodge', 'House'];
export const CHAINS = [
  null,
  null,
  null,
  'Meridian Collection',
  'Lantern Hotels',
  'Azure Stays',
  'Northstar Inns',
];
export const STREETS = [
  'Market Street',
  'Station Road',
  'Church Lane',
  'Park Avenue',
  'Harbour Walk',
  'King Street',
  'Rose Square',
];
export const AMENITIES = [
  'wifi',
  'air_conditioning',
  'restaurant',
  'bar',
  'gym',
  'pool',
  'spa',
  'parking',
  'airport_shuttle',
  'pets_allowed',
  'family_rooms',
  'accessible',
];
export const ROOMS: Array<Omit<RoomTypeRecord, 'rooms'>> = [
  {
    code: 'STD',
    name: 'Standard double room',
    beds: '1 double bed',
    max_adults: 2,
    max_children: 1,
    max_occupancy: 3,
    size_m2: 18,
    amenities: ['wifi', 'shower'],
    price_factor: 1,
  },
  {
    code: 'TWN',
    name: 'Superior twin room',
    beds: '2 single beds',
    max_adults: 2,
    max_children: 1,
    max_occupancy: 3,
    size_m2: 22,
    amenities: ['wifi', 'bath', 'desk'],
    price_factor: 1.25,
  },
  {
    code: 'FAM',
    name: 'Family suite',
    beds: '1 double bed and 2 single beds',
    max_adults: 4,
    max_children: 3,
    max_occupancy: 5,
    size_m2: 38,
    amenities: ['wifi', 'bath', 'sofa', 'kitchenette'],
    price_factor: 1.8,
  },
];
