/** What the server page hands the payment form: plain data, no server imports in the client bundle. */
export interface PayCountry {
  code: string;
  name: string;
  dialCode: string;
  currency: string;
  networks: Array<{ id: string; name: string }>;
}

export interface PayTarget {
  kind: "link" | "session";
  /** The link's slug or the session's id. */
  id: string;
  merchantName: string;
  currency: string;
  countries: PayCountry[];
  /** Decimal text; null: the payer types the amount between min and max. */
  fixedAmount: string | null;
  minAmount: string | null;
  maxAmount: string | null;
  collect: string[];
}
