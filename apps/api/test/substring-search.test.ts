import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  allMatchesRoute,
  indexableTrigrams,
  rarestTrigrams,
  sampledSearch,
  searchCondition,
  searchParams,
  substringPattern,
  trigramRowCounts,
  trigramsPattern,
} from '../src/lib/substring-search.ts';

describe('substringPattern', () => {
  it("lowers the text and makes LIKE's wildcards and escape match themselves", () => {
    expect(substringPattern('Kestrel')).toBe('%kestrel%');
    expect(substringPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});

describe('indexableTrigrams', () => {
  it('takes each run of three ASCII letters or digits, once, in order', () => {
    expect(indexableTrigrams('Kestrel')).toEqual(['kes', 'est', 'str', 'tre', 'rel']);
    expect(indexableTrigrams("O'Brien-Smith")).toEqual(['bri', 'rie', 'ien', 'smi', 'mit', 'ith']);
    expect(indexableTrigrams('MAT-00002')).toEqual(['mat', '000', '002']);
    expect(indexableTrigrams('Müller')).toEqual(['lle', 'ler']);
    expect(indexableTrigrams('ab')).toEqual([]);
    expect(indexableTrigrams('aaaa')).toEqual(['aaa']);
  });
});

describe('rarestTrigrams', () => {
  const rowsHolding = trigramRowCounts(['the kestrel estate', 'west street', 'best interest', 'a kestrel']);

  it('counts a trigram once per sampled text', () => {
    expect(rowsHolding.get('est')).toBe(4);
    expect(rowsHolding.get('kes')).toBe(2);
    expect(rowsHolding.get('tre')).toBe(3);
  });

  it('picks the two trigrams held by fewest sampled rows, the earlier first on a tie', () => {
    expect(rarestTrigrams('kestrel', rowsHolding)).toEqual(['kes', 'rel']);
    // Unsampled trigrams count as held by none.
    expect(rarestTrigrams('zebrawood', rowsHolding)).toEqual(['zeb', 'ebr']);
  });

  it('leaves a text of two trigrams or fewer to its whole pattern', () => {
    expect(rarestTrigrams('west', rowsHolding)).toBeUndefined();
    expect(rarestTrigrams('o-k', rowsHolding)).toBeUndefined();
  });
});

describe('trigramsPattern', () => {
  /** LIKE without escapes, as these patterns are written: letters and digits between wildcards. */
  const like = (text: string, pattern: string) => new RegExp(`^${pattern.replaceAll('%', '.*')}$`, 's').test(text);

  it('places the trigrams in the order the text holds them, whichever is rarer', () => {
    expect(trigramsPattern('Kestrel', ['kes', 'rel'])).toBe('%kes%rel%');
    expect(trigramsPattern('Kestrel', ['rel', 'kes'])).toBe('%kes%rel%');
  });

  it('writes trigrams that overlap or touch in the text as the one run they make', () => {
    expect(trigramsPattern('interest', ['nte', 'int'])).toBe('%inte%');
    expect(trigramsPattern('kestrel', ['kes', 'str'])).toBe('%kestr%');
    expect(trigramsPattern('abcdefgh', ['def', 'abc'])).toBe('%abcdef%');
    expect(trigramsPattern('abcdefgh', ['abc', 'efg'])).toBe('%abc%efg%');
  });

  it('is matched by every text that holds the searched text', () => {
    for (const text of ['Kestrel', 'interest', "O'Brien-Smith", 'MAT-00002', 'abcabcx', 'Müller & Söhne 2024']) {
      const trigrams = indexableTrigrams(text);
      for (const first of trigrams)
        for (const second of trigrams) {
          if (first === second) continue;
          const pattern = trigramsPattern(text, [first, second]);
          const lower = text.toLowerCase();
          expect(like(`before ${lower} after`, pattern), `${text}: ${pattern}`).toBe(true);
          expect(indexableTrigrams(pattern.replaceAll('%', ' ')), pattern).toEqual(expect.arrayContaining([first, second]));
        }
    }
  });
});

describe('sampledSearch', () => {
  it("reads a firm and list its sample once, narrows texts of three or more trigrams, and tells a common text by the sample's texts", async () => {
    const firmId = crypto.randomUUID();
    const reads: number[] = [];
    const readSample = async (rows: number) => {
      reads.push(rows);
      return ['west street', 'best interest', 'the kestrel estate'];
    };
    // No trigram: the index cannot find it, so it is walked, and no sample is read.
    expect(await sampledSearch('matters', firmId, 'ab', readSample)).toEqual({ narrowing: undefined, isCommon: true });
    expect(reads).toEqual([]);
    expect(await sampledSearch('matters', firmId, 'West', readSample)).toEqual({ narrowing: undefined, isCommon: true });
    expect(await sampledSearch('matters', firmId, 'KESTREL', readSample)).toEqual({
      narrowing: { rareTrigrams: '%kes%rel%' },
      isCommon: true,
    });
    expect(await sampledSearch('matters', firmId, 'interest', readSample)).toEqual({
      narrowing: { rareTrigrams: '%inte%' },
      isCommon: true,
    });
    // Every trigram sampled, but no sampled text holds the whole: not common.
    expect(await sampledSearch('matters', firmId, 'west interest', readSample)).toMatchObject({ isCommon: false });
    expect(await sampledSearch('matters', firmId, 'zebrawood', readSample)).toEqual({
      narrowing: { rareTrigrams: '%zebr%' },
      isCommon: false,
    });
    expect(reads).toEqual([500]);
    await sampledSearch('clients', firmId, 'kestrel', readSample);
    expect(reads).toEqual([500, 500]);
  });

  it('reads a sample once for searches that arrive together, and without one reads the whole pattern through the index', async () => {
    const firmId = crypto.randomUUID();
    let reads = 0;
    const readSample = async () => {
      reads += 1;
      return ['kestrel'];
    };
    const together = await Promise.all([1, 2, 3].map(() => sampledSearch('matters', firmId, 'kestrel', readSample)));
    expect(reads).toBe(1);
    expect(together.every((search) => search.narrowing?.rareTrigrams === '%kest%' && search.isCommon)).toBe(true);
    const failing = () => Promise.reject(new Error('no sample'));
    const otherFirm = crypto.randomUUID();
    expect(await sampledSearch('matters', otherFirm, 'kestrel', failing)).toEqual({ narrowing: undefined, isCommon: false });
    expect(await sampledSearch('matters', otherFirm, 'kestrel', readSample)).toMatchObject({ narrowing: { rareTrigrams: '%kest%' } });
  });
});

describe('allMatchesRoute', () => {
  it('reads every match through the trigram index, unless the text has no trigram to find it by', () => {
    expect(allMatchesRoute('Kestrel')).toBe('trigramIndex');
    expect(allMatchesRoute('ab')).toBe('listOrder');
    expect(allMatchesRoute('ü-é')).toBe('listOrder');
    expect(allMatchesRoute(undefined)).toBe('listOrder');
  });
});

describe('searchCondition', () => {
  const dialect = new PgDialect();
  const sqlOf = (condition: SQL | undefined) => {
    const query = condition && dialect.sqlToQuery(condition);
    return query && { sql: query.sql, params: query.params };
  };
  const column = sql.identifier('search_text');
  const kestrel = searchParams('Kestrel');

  it('walks in list order with strpos alone, which no estimate or index can take', () => {
    expect(sqlOf(searchCondition(column, { ...kestrel, rareTrigrams: '%kes%rel%' }, 'listOrder'))).toEqual({
      sql: 'strpos("search_text", $1) > 0',
      params: ['kestrel'],
    });
  });

  it('reads the trigram index for the rare trigrams then tests the text, or for the whole pattern', () => {
    expect(sqlOf(searchCondition(column, { ...kestrel, rareTrigrams: '%kes%rel%' }, 'trigramIndex'))).toEqual({
      sql: '"search_text" like $1 and strpos("search_text", $2) > 0',
      params: ['%kes%rel%', 'kestrel'],
    });
    expect(sqlOf(searchCondition(column, searchParams('100%'), 'trigramIndex'))).toEqual({
      sql: '"search_text" like $1',
      params: ['%100\\%%'],
    });
    expect(searchCondition(column, searchParams(undefined), 'trigramIndex')).toBeUndefined();
  });
});
