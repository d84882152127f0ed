import { quickLineMatchRoute, type QuickLineMatch } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

/**
 * The firm's open matters a quick-add line names (the text after its duration), with the
 * narrative left. Silent: the quick-add line says what went wrong under itself, not in a toast.
 */
export async function matchQuickLine(text: string): Promise<QuickLineMatch> {
  return (await callContract(quickLineMatchRoute, { query: { Text: text } }, { auth: 'firm', silent: true })).data;
}
