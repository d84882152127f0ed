/** Errors a service throws on purpose; the error handler turns them into the envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, message, errors);
export const unauthorized = (message = 'You are unauthorized') => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
/** Another firm's record answers exactly like a missing one. */
export const notFound = (what = 'Record') => new AppError(404, `${what} not found`);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string) => new AppError(429, message);
