/** The database's words for a refused statement or commit (drizzle wraps them as the cause of "Failed query"). */
export async function refusalOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const messages: string[] = [];
    for (let current = error as { message?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
      messages.push(String(current.message));
    }
    return messages.join(' | ');
  }
  throw new Error('expected the database to refuse');
}
