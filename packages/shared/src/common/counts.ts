/** "1 item", "2 items", "1,250 records": a count with its noun, never "1 items". */
export const countOf = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
