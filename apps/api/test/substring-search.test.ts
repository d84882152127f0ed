import { describe, expect, it } from 'vitest';
import {
  indexableTrigrams,
  rarestTrigrams,
  searchNarrowing,
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

describe('searchNarrowing', () => {
  it('reads a firm and list its sample once, and narrows only texts of three or more trigrams', async () => {
    const firmId = crypto.randomUUID();
    const reads: number[] = [];
    const readSample = async (rows: number) => {
      reads.push(rows);
      return ['west street', 'best interest', 'kestrel'];
    };
    expect(await searchNarrowing('matters', firmId, 'West', readSample)).toBeUndefined();
    expect(reads).toEqual([]);
    expect(await searchNarrowing('matters', firmId, 'KESTREL', readSample)).toEqual({
      searchText: 'kestrel',
      rareTrigrams: '%kes%rel%',
    });
    expect(await searchNarrowing('matters', firmId, 'interest', readSample)).toEqual({
      searchText: 'interest',
      rareTrigrams: '%inte%',
    });
    expect(reads).toEqual([500]);
    await searchNarrowing('clients', firmId, 'kestrel', readSample);
    expect(reads).toEqual([500, 500]);
  });

  it('reads a sample once for searches that arrive together, and leaves the count whole when the read fails', async () => {
    const firmId = crypto.randomUUID();
    let reads = 0;
    const readSample = async () => {
      reads += 1;
      return ['kestrel'];
    };
    const together = await Promise.all([1, 2, 3].map(() => searchNarrowing('matters', firmId, 'kestrel', readSample)));
    expect(reads).toBe(1);
    expect(together.every((narrowing) => narrowing?.rareTrigrams === '%kest%')).toBe(true);
    const failing = () => Promise.reject(new Error('no sample'));
    const otherFirm = crypto.randomUUID();
    expect(await searchNarrowing('matters', otherFirm, 'kestrel', failing)).toBeUndefined();
    expect(await searchNarrowing('matters', otherFirm, 'kestrel', readSample)).toMatchObject({ rareTrigrams: '%kest%' });
  });
});
