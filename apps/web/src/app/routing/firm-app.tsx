/**
 * Everything a firm page needs before its own code, as one module the router imports: the shell,
 * the query cache and the firm's route table. One entry makes one set of chunks: imported
 * separately, the three shared their modules with the pages in some fifty small files, each a
 * request the browser queues and a module it links before the first firm page can draw.
 */
export { FirmShell } from '../shell/firm-shell.tsx';
export { QueryProvider } from '../../lib/query-client.tsx';
export { firmPages, firmRoutes } from './firm-routes.tsx';
