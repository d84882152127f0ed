import { documentPreviewHtmlRoute } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

/** A Word version as the server's sanitised HTML; a refusal (too large, unreadable) throws with the server's words, shown in the preview. */
export async function fetchWordPreviewHtml(id: string, version?: number): Promise<string> {
  const answer = await callContract(
    documentPreviewHtmlRoute,
    { params: { id }, query: { Version: version } },
    { auth: 'firm', silent: true },
  );
  return answer.data.html;
}
