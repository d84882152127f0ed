/** A request the app made, as tests read it back. */
export type RecordedCall = {
  method: string;
  url: URL;
  /** The API's own path, after `/api` (as SPEC.md §7 lists calls); `url.pathname` has it all. */
  path: string;
  query: URLSearchParams;
  /** The query string with its '?', '' when there is none. */
  search: string;
  /** The JSON body, undefined when there is none. */
  body: unknown;
  headers: Headers;
};

/** Records the call at once (so calls keep the order they were made in), then reads its body. */
export function recordCall(request: Request, calls: RecordedCall[]): { call: RecordedCall; bodyRead: Promise<void> } {
  const url = new URL(request.url);
  const call: RecordedCall = {
    method: request.method,
    url,
    path: url.pathname.replace(/^\/api(?=\/)/, ''),
    query: url.searchParams,
    search: url.search,
    body: undefined,
    headers: request.headers,
  };
  calls.push(call);
  const bodyRead = request
    .clone()
    .text()
    .then((text) => {
      // A multipart upload (a receipt) is kept as its text; every other body is JSON.
      const isJson = !/^multipart\//.test(request.headers.get('Content-Type') ?? '');
      call.body = text === '' ? undefined : isJson ? JSON.parse(text) : text;
    });
  return { call, bodyRead };
}
