/**
 * The people of the built-in TEST eID provider and TEST CSC service (never real people). Personal identity
 * codes use the individual numbers 900–999 that the Finnish Digital and Population Data Services Agency
 * keeps for tests, with correct check characters; FINUIDs (`satu`) are made up in the same test spirit.
 */
export interface TestPerson {
  id: string;
  givenName: string;
  familyName: string;
  /** ISO date. */
  birthdate: string;
  /** Finnish electronic identifier (FINUID): goes into certificates as `IDCFI-<satu>`. */
  satu: string;
  /** TEST personal identity code: only ever in the ID token, never in a certificate. */
  hetu: string;
}

export const TEST_PERSONS: readonly TestPerson[] = [
  {
    id: 'anna',
    givenName: 'Anna',
    familyName: 'Aalto',
    birthdate: '1990-01-01',
    satu: '999000011A',
    hetu: '010190-901R',
  },
  {
    id: 'matti',
    givenName: 'Matti',
    familyName: 'Meikäläinen',
    birthdate: '1985-03-15',
    satu: '999000022B',
    hetu: '150385-912E',
  },
  {
    id: 'seija',
    givenName: 'Seija',
    familyName: 'Äijälä',
    birthdate: '1977-07-23',
    satu: '999000033C',
    hetu: '230777-9234',
  },
  {
    id: 'onni',
    givenName: 'Onni',
    familyName: 'Öhman',
    birthdate: '2001-04-04',
    satu: '999000044D',
    hetu: '040401A9346',
  },
  {
    id: 'liisa',
    givenName: 'Liisa',
    familyName: 'Virtanen',
    birthdate: '1999-12-12',
    satu: '999000055E',
    hetu: '121299-945E',
  },
];

export const testPersonById = (id: string): TestPerson | undefined => TEST_PERSONS.find((p) => p.id === id);
