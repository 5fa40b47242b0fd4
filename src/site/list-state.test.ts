import { describe, expect, it } from 'vitest';
import {
  addedFrom,
  addIds,
  compactBody,
  DEFAULT_LIST_NAME,
  emptyList,
  fileStem,
  MAX_LIST_IDS,
  parseStoredList,
  removeIds,
  replacedBy,
  serializeList,
  toggleId,
  withParty,
} from './list-state.ts';

describe('stored approved list', () => {
  it('round-trips through storage', () => {
    const state = { name: 'Platform', description: 'Reviewed', ids: ['aws-s3', 'gcp-firestore'] };
    expect(parseStoredList(serializeList(state))).toEqual(state);
  });

  it.each([null, '', 'not json', '42', '[]', '{"ids": "aws-s3"}', 'null'])('reads %j as an empty list', (raw) => {
    expect(parseStoredList(raw)).toEqual(emptyList());
  });

  it('drops what is not an id, repeats, and hostile keys', () => {
    const raw = '{"name":"  ","ids":["aws-s3","aws-s3","<script>","AWS-S3",7,"gcp-x"],"__proto__":{"polluted":true}}';
    const s = parseStoredList(raw);
    expect(s.ids).toEqual(['aws-s3', 'gcp-x']);
    expect(s.name).toBe(DEFAULT_LIST_NAME);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('adds in order without repeats, removes and toggles', () => {
    let s = addIds(emptyList(), ['b-1', 'a-1', 'b-1', 'Not An Id']);
    expect(s.ids).toEqual(['b-1', 'a-1']);
    s = toggleId(s, 'a-1');
    expect(s.ids).toEqual(['b-1']);
    s = toggleId(s, 'c-1');
    expect(s.ids).toEqual(['b-1', 'c-1']);
    expect(removeIds(s, ['b-1', 'zz']).ids).toEqual(['c-1']);
  });

  it('stops at the size bound', () => {
    const many = Array.from({ length: MAX_LIST_IDS + 5 }, (_, i) => `x-${i}`);
    expect(addIds(emptyList(), many).ids).toHaveLength(MAX_LIST_IDS);
  });

  it('builds the compact body the API takes', () => {
    expect(compactBody({ name: ' ', description: '  ', ids: ['aws-s3'] }, ['aws-s3'])).toEqual({
      name: DEFAULT_LIST_NAME,
      approvedServiceIds: ['aws-s3'],
    });
    expect(compactBody({ name: 'P', description: ' d ', ids: [] }, [])).toEqual({
      name: 'P',
      description: 'd',
      approvedServiceIds: [],
    });
    // Only the ids the catalogue knows are sent.
    expect(
      compactBody({ name: 'P', description: '', ids: ['aws-s3', 'aws-gone'] }, ['aws-s3']).approvedServiceIds,
    ).toEqual(['aws-s3']);
  });

  it('keeps the organisation, the owner and the restricted marks of listed services, and nothing else', () => {
    const state = {
      name: 'Platform',
      description: '',
      organisation: 'Org™',
      owner: 'Ωwner',
      ids: ['aws-s3', 'gcp-firestore'],
      restricted: ['gcp-firestore'],
    };
    expect(parseStoredList(serializeList(state))).toEqual(state);
    const odd = parseStoredList(
      '{"name":"P","organisation":"  ","owner":7,"ids":["aws-s3"],"restricted":["aws-s3","gcp-x",3,"aws-s3"]}',
    );
    expect(odd).toEqual({ name: 'P', description: '', ids: ['aws-s3'], restricted: ['aws-s3'] });
    expect(withParty(withParty(odd, 'owner', ' team '), 'owner', '  ')).toEqual(odd);
    expect(withParty(odd, 'organisation', 'Org').organisation).toBe('Org');
  });

  it('drops a removed service’s restricted mark: added again, it is enabled', () => {
    const s = { name: 'P', description: '', ids: ['a-1', 'b-1'], restricted: ['a-1', 'b-1'] };
    expect(removeIds(s, ['a-1'])).toEqual({ name: 'P', description: '', ids: ['b-1'], restricted: ['b-1'] });
    expect(toggleId(toggleId(s, 'a-1'), 'a-1').restricted).toEqual(['b-1']);
    expect(removeIds(s, ['a-1', 'b-1'])).not.toHaveProperty('restricted');
  });

  it('replaces the list with a file’s or shared list’s, or adds its services with their marks', () => {
    const mine = { name: 'Mine', description: 'x', owner: 'me', ids: ['a-1', 'b-1'], restricted: ['b-1'] };
    expect(
      replacedBy({ name: 'Theirs', organisation: 'Org', ids: ['b-1', 'c-1', 'c-1'], restricted: ['c-1', 'z-1'] }),
    ).toEqual({ name: 'Theirs', description: '', organisation: 'Org', ids: ['b-1', 'c-1'], restricted: ['c-1'] });
    // A service either list restricts is restricted (a-1, already here, too); the list's name and parties stay.
    expect(addedFrom(mine, { ids: ['a-1', 'c-1', 'd-1'], restricted: ['a-1', 'c-1'] })).toEqual({
      ...mine,
      ids: ['a-1', 'b-1', 'c-1', 'd-1'],
      restricted: ['a-1', 'b-1', 'c-1'],
    });
  });

  it('sends the organisation, the owner and the restricted marks of the services it sends', () => {
    expect(
      compactBody(
        {
          name: 'P',
          description: '',
          organisation: ' Org ',
          owner: 'me',
          ids: ['a-1', 'b-1'],
          restricted: ['a-1', 'b-1'],
        },
        ['b-1'],
      ),
    ).toEqual({
      name: 'P',
      organisation: 'Org',
      owner: 'me',
      approvedServiceIds: ['b-1'],
      statuses: { 'b-1': 'restricted' },
    });
  });

  it('makes file names from list names', () => {
    expect(fileStem('Platform team: approved (2026)!')).toBe('platform-team-approved-2026');
    expect(fileStem('Équipe données')).toBe('equipe-donnees');
    expect(fileStem('../../etc/passwd')).toBe('etc-passwd');
    expect(fileStem('***')).toBe('approved-services');
  });
});
