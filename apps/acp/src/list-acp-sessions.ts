import { type ListSessionsRequest, type ListSessionsResponse, RequestError } from '@agentclientprotocol/sdk';
import { openSessionStore } from '@toolgate/host';

/** Sessions per `session/list` page. */
const PAGE = 50;

/**
 * `session/list`: the stored sessions (of `cwd` when given), the most recently written first, 50
 * a page; the cursor is the offset of the next page.
 */
export async function listAcpSessions(
  params: ListSessionsRequest,
  stateDirectory: string,
): Promise<ListSessionsResponse> {
  const offset = params.cursor ? Number(params.cursor) : 0;
  if (!Number.isSafeInteger(offset) || offset < 0)
    throw RequestError.invalidParams(
      undefined,
      `Unknown cursor ${JSON.stringify(params.cursor)}: pass the nextCursor of the page before.`,
    );
  const all = await openSessionStore(stateDirectory).list(params.cwd ? { workspace: params.cwd } : {});
  const page = all.slice(offset, offset + PAGE);
  return {
    sessions: page.map((session) => ({
      sessionId: session.id,
      cwd: session.workspace,
      title: session.title,
      updatedAt: session.updatedAt.toISOString(),
    })),
    ...(offset + PAGE < all.length ? { nextCursor: String(offset + PAGE) } : {}),
  };
}
