/** The part of `midtrans-client` (no published types) this app uses. */
declare module 'midtrans-client' {
  interface SnapOptions {
    isProduction: boolean;
    serverKey: string;
    clientKey: string;
  }
  class Snap {
    constructor(options: SnapOptions);
    apiConfig: { getSnapApiBaseUrl(): string };
    createTransaction(parameter: Record<string, unknown>): Promise<{ token: string; redirect_url: string }>;
  }
  class MidtransError extends Error {
    httpStatusCode?: number;
    ApiResponse?: unknown;
  }
  const midtrans: { Snap: typeof Snap; MidtransError: typeof MidtransError };
  export default midtrans;
}
