/** A failed call: the catalogue code, and the server's own texts when it sent them. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly serverError: string | null = null,
    readonly serverMessage: string | null = null,
    readonly status = 0,
    /** how long the server asks to wait before trying again (its `retry-after`), in seconds */
    readonly retryAfterSeconds?: number,
  ) {
    super(serverMessage ?? serverError ?? `Error ${code}`);
    this.name = 'ApiError';
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Codes the client itself raises when no envelope came back. */
export const CLIENT_CODES = {
  network: '600001',
  timeout: '600004',
  badAnswer: '400000',
} as const;
