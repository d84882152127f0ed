import createClient from 'openapi-fetch';
// Generated from the live OpenAPI document by openapi-client.test.ts (openapi-typescript), never committed.
import type { paths } from './matterhorn-api.d.ts';

/**
 * What a firm's developer writes against a client generated from the OpenAPI document alone: the
 * test compiles this file against the generated types (strict), then runs it against the server.
 */
export function matterhornClient(baseUrl: string) {
  const api = createClient<paths>({ baseUrl });
  const signedIn = (token: string) => ({ authorization: `Bearer ${token}` });

  return {
    async signIn(email: string, password: string): Promise<string> {
      const { data, error } = await api.POST('/api/auth/login', { body: { email, password } });
      if (error) throw new Error(error.message);
      // A member with two-step sign-in is answered a challenge for POST /api/auth/mfa/verify instead.
      if (!('token' in data.data)) throw new Error('Two-step sign-in: answer the challenge with POST /api/auth/mfa/verify');
      return data.data.token;
    },

    async clientNames(token: string, search: string): Promise<string[]> {
      const { data, error } = await api.GET('/api/admin/client-info/get-clients-list', {
        params: { query: { GeneralSearchText: search, size: 10 } },
        headers: signedIn(token),
      });
      if (error) throw new Error(error.message);
      // The list answers JSON, or CSV when IsDownlodCsv=true: the document says both.
      if (typeof data === 'string') throw new Error('asked for JSON, answered CSV');
      return data.data.data.map((client) => client.name);
    },

    async addPracticeArea(token: string, name: string): Promise<{ id: string; name: string }> {
      const { data, error } = await api.POST('/api/admin/practice-area/create-practice-area', { body: { name }, headers: signedIn(token) });
      if (error) throw new Error(error.message);
      return { id: data.data.id, name: data.data.name };
    },

    /** A refusal arrives as the error envelope, typed with its stable code. */
    async clientThatIsNot(token: string, id: string): Promise<{ status: number; code: string }> {
      const { error, response } = await api.GET('/api/admin/client-info/get-client/{id}', {
        params: { path: { id } },
        headers: signedIn(token),
      });
      if (!error) throw new Error('expected a refusal');
      return { status: response.status, code: error.code };
    },
  };
}
