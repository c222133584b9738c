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
  interface IrisOptions {
    isProduction: boolean;
    /** Iris' API key (the creator's key), the Basic user of every call. */
    serverKey: string;
  }
  interface IrisPayout {
    beneficiary_name: string;
    beneficiary_account: string;
    beneficiary_bank: string;
    beneficiary_email?: string;
    amount: string;
    notes: string;
  }
  class Iris {
    constructor(options: IrisOptions);
    apiConfig: { getIrisApiBaseUrl(): string };
    httpClient: { http_client: { defaults: { headers: { common: Record<string, string> }; timeout: number } } };
    createPayouts(parameter: { payouts: IrisPayout[] }): Promise<{ payouts: { status: string; reference_no: string }[] }>;
    getPayoutDetails(referenceNo: string): Promise<{ reference_no: string; amount: string; status: string }>;
  }
  class MidtransError extends Error {
    httpStatusCode?: number;
    ApiResponse?: unknown;
  }
  const midtrans: { Snap: typeof Snap; Iris: typeof Iris; MidtransError: typeof MidtransError };
  export default midtrans;
}
