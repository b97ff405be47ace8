import { randomBytes } from "node:crypto";
import { FakeServer, basicCredentials, outcomeOf, type FakeAnswer, type FakeOptions, type FakeRequest } from "../common";

/**
 * Fake of Safaricom Daraja: OAuth, M-Pesa Express (STK push + query) and B2C payment
 * request with its asynchronous Result (see README.md next to this file).
 */
export interface DarajaFakeOptions extends FakeOptions {
  consumerKey?: string;
  consumerSecret?: string;
  shortcode?: string;
  passkey?: string;
  b2cShortcode?: string;
  initiatorName?: string;
  securityCredential?: string;
}

export const DARAJA_DEFAULTS = {
  consumerKey: "daraja-consumer-key",
  consumerSecret: "daraja-consumer-secret",
  shortcode: "174379",
  passkey: "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919",
  b2cShortcode: "600996",
  initiatorName: "testapi",
  securityCredential: "fake-encrypted-initiator-password",
};

type Outcome = ReturnType<typeof outcomeOf>;

interface StkTxn {
  merchantRequestId: string;
  checkoutRequestId: string;
  amount: number;
  phone: string;
  callbackUrl: string;
  dueAt: number;
  outcome: Outcome;
  receipt: string;
}

interface B2cTxn {
  originatorConversationId: string;
  conversationId: string;
  amount: number;
  phone: string;
  resultUrl: string;
  queueTimeoutUrl: string;
  outcome: Outcome;
  receipt: string;
}

const STK_RESULTS: Record<Exclude<Outcome, "never">, [number, string]> = {
  successful: [0, "The service request is processed successfully."],
  insufficient: [1, "The balance is insufficient for the transaction."],
  declined: [1032, "Request cancelled by user"],
  expired: [1037, "DS timeout user cannot be reached"],
  other: [2001, "The initiator information is invalid."],
};

const B2C_RESULTS: Record<Exclude<Outcome, "never" | "expired">, [number, string]> = {
  successful: [0, "The service request is processed successfully."],
  insufficient: [2040, "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service."],
  declined: [1, "The balance is insufficient for the transaction."],
  other: [11, "The DebitParty is in an invalid state."],
};

const bad = (message: string, code = "400.002.02"): FakeAnswer => ({
  status: 400,
  body: { requestId: randomBytes(8).toString("hex"), errorCode: code, errorMessage: message },
});

/** Daraja's timestamp: YYYYMMDDHHmmss. */
const TIMESTAMP = /^\d{14}$/;
const SAFARICOM_MSISDN = /^254[17]\d{8}$/;

function wholeAmount(v: unknown): number | null {
  const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : typeof v === "number" ? v : NaN;
  return Number.isInteger(n) && n >= 1 ? n : null;
}

export function createDarajaFake(options: DarajaFakeOptions = {}) {
  const cfg = { ...DARAJA_DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([k]) => k in DARAJA_DEFAULTS)) } as typeof DARAJA_DEFAULTS;
  const stk = new Map<string, StkTxn>();
  const b2c = new Map<string, B2cTxn>();
  const expectedPassword = (ts: string) => Buffer.from(cfg.shortcode + cfg.passkey + ts).toString("base64");

  function stkCallbackBody(t: StkTxn) {
    const [code, desc] = STK_RESULTS[t.outcome as Exclude<Outcome, "never">];
    return {
      Body: {
        stkCallback: {
          MerchantRequestID: t.merchantRequestId,
          CheckoutRequestID: t.checkoutRequestId,
          ResultCode: code,
          ResultDesc: desc,
          ...(code === 0
            ? {
                CallbackMetadata: {
                  Item: [
                    { Name: "Amount", Value: t.amount },
                    { Name: "MpesaReceiptNumber", Value: t.receipt },
                    { Name: "TransactionDate", Value: Number(new Date().toISOString().replace(/\D/g, "").slice(0, 14)) },
                    { Name: "PhoneNumber", Value: Number(t.phone) },
                  ],
                },
              }
            : {}),
        },
      },
    };
  }

  function b2cResultBody(t: B2cTxn) {
    const [code, desc] = B2C_RESULTS[t.outcome as keyof typeof B2C_RESULTS];
    return {
      Result: {
        ResultType: 0,
        ResultCode: code,
        ResultDesc: desc,
        OriginatorConversationID: t.originatorConversationId,
        ConversationID: t.conversationId,
        TransactionID: t.receipt,
        ...(code === 0
          ? {
              ResultParameters: {
                ResultParameter: [
                  { Key: "TransactionAmount", Value: t.amount },
                  { Key: "TransactionReceipt", Value: t.receipt },
                  { Key: "ReceiverPartyPublicName", Value: `${t.phone} - Fake Customer` },
                  { Key: "TransactionCompletedDateTime", Value: new Date().toISOString() },
                  { Key: "B2CUtilityAccountAvailableFunds", Value: 100000 },
                  { Key: "B2CRecipientIsRegisteredCustomer", Value: "Y" },
                ],
              },
            }
          : {}),
        ReferenceData: { ReferenceItem: { Key: "QueueTimeoutURL", Value: t.queueTimeoutUrl } },
      },
    };
  }

  const handler = async (req: FakeRequest): Promise<FakeAnswer | null> => {
    const path = req.url.pathname;
    if (path === "/oauth/v1/generate") {
      if (req.method !== "GET" || req.url.searchParams.get("grant_type") !== "client_credentials") return bad("Invalid grant type passed", "400.008.02");
      const basic = basicCredentials(req.headers);
      if (!basic || basic[0] !== cfg.consumerKey || basic[1] !== cfg.consumerSecret) return bad("Invalid Authentication passed", "400.008.01");
      const { token, expiresIn } = fake.issueToken();
      // Daraja sends expires_in as a string.
      return { status: 200, body: { access_token: token, expires_in: String(expiresIn) } };
    }
    const known = ["/mpesa/stkpush/v1/processrequest", "/mpesa/stkpushquery/v1/query", "/mpesa/b2c/v3/paymentrequest"];
    if (!known.includes(path)) return null;
    if (!fake.bearerValid(req.headers)) {
      return { status: 401, body: { requestId: randomBytes(8).toString("hex"), errorCode: "404.001.03", errorMessage: "Invalid Access Token" } };
    }
    if (req.method !== "POST") return bad("Method not allowed");
    const b = (req.json ?? {}) as Record<string, unknown>;

    if (path === "/mpesa/stkpush/v1/processrequest") {
      if (String(b.BusinessShortCode) !== cfg.shortcode) return bad("Bad Request - Invalid BusinessShortCode");
      if (typeof b.Timestamp !== "string" || !TIMESTAMP.test(b.Timestamp)) return bad("Bad Request - Invalid Timestamp");
      if (b.Password !== expectedPassword(b.Timestamp)) return { status: 500, body: { requestId: randomBytes(8).toString("hex"), errorCode: "500.001.1001", errorMessage: "Merchant does not exist" } };
      if (b.TransactionType !== "CustomerPayBillOnline" && b.TransactionType !== "CustomerBuyGoodsOnline") return bad("Bad Request - Invalid TransactionType");
      const amount = wholeAmount(b.Amount);
      if (amount === null) return bad("Bad Request - Invalid Amount");
      const phone = String(b.PhoneNumber ?? "");
      if (!SAFARICOM_MSISDN.test(phone) || String(b.PartyA) !== phone) return bad("Bad Request - Invalid PhoneNumber");
      if (String(b.PartyB) !== cfg.shortcode) return bad("Bad Request - Invalid PartyB");
      if (typeof b.CallBackURL !== "string" || !/^https?:\/\//.test(b.CallBackURL)) return bad("Bad Request - Invalid CallBackURL");
      if (typeof b.AccountReference !== "string" || b.AccountReference.length < 1 || b.AccountReference.length > 12) return bad("Bad Request - Invalid AccountReference");
      const t: StkTxn = {
        merchantRequestId: `${randomBytes(3).toString("hex")}-${Date.now()}`,
        checkoutRequestId: `ws_CO_${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}${randomBytes(5).toString("hex")}`,
        amount,
        phone,
        callbackUrl: b.CallBackURL,
        dueAt: Date.now() + fake.opts.outcomeDelayMs,
        outcome: outcomeOf(phone),
        receipt: randomBytes(5).toString("hex").toUpperCase(),
      };
      stk.set(t.checkoutRequestId, t);
      if (t.outcome !== "never") fake.later(fake.opts.outcomeDelayMs, () => fake.callback(t.callbackUrl, stkCallbackBody(t)));
      return {
        status: 200,
        body: {
          MerchantRequestID: t.merchantRequestId,
          CheckoutRequestID: t.checkoutRequestId,
          ResponseCode: "0",
          ResponseDescription: "Success. Request accepted for processing",
          CustomerMessage: "Success. Request accepted for processing",
        },
      };
    }

    if (path === "/mpesa/stkpushquery/v1/query") {
      if (String(b.BusinessShortCode) !== cfg.shortcode) return bad("Bad Request - Invalid BusinessShortCode");
      if (typeof b.Timestamp !== "string" || b.Password !== expectedPassword(b.Timestamp)) return bad("Bad Request - Invalid Password");
      const t = stk.get(String(b.CheckoutRequestID ?? ""));
      if (!t) return bad("Bad Request - Invalid CheckoutRequestID");
      if (t.outcome === "never" || Date.now() < t.dueAt) {
        return { status: 500, body: { requestId: randomBytes(8).toString("hex"), errorCode: "500.001.1001", errorMessage: "The transaction is being processed" } };
      }
      const [code, desc] = STK_RESULTS[t.outcome];
      return {
        status: 200,
        body: {
          ResponseCode: "0",
          ResponseDescription: "The service request has been accepted successsfully",
          MerchantRequestID: t.merchantRequestId,
          CheckoutRequestID: t.checkoutRequestId,
          ResultCode: String(code),
          ResultDesc: desc,
        },
      };
    }

    // B2C v3 payment request.
    const ocid = typeof b.OriginatorConversationID === "string" ? b.OriginatorConversationID : "";
    if (!ocid || ocid.length > 100) return bad("Bad Request - Invalid OriginatorConversationID");
    if (b.InitiatorName !== cfg.initiatorName || b.SecurityCredential !== cfg.securityCredential) {
      return bad("The initiator information is invalid.", "400.002.02");
    }
    if (!["BusinessPayment", "SalaryPayment", "PromotionPayment"].includes(String(b.CommandID))) return bad("Bad Request - Invalid CommandID");
    const amount = wholeAmount(b.Amount);
    if (amount === null) return bad("Bad Request - Invalid Amount");
    if (String(b.PartyA) !== cfg.b2cShortcode) return bad("Bad Request - Invalid PartyA");
    const phone = String(b.PartyB ?? "");
    if (!SAFARICOM_MSISDN.test(phone)) return bad("Bad Request - Invalid PartyB");
    for (const k of ["ResultURL", "QueueTimeOutURL"]) if (typeof b[k] !== "string" || !/^https?:\/\//.test(b[k] as string)) return bad(`Bad Request - Invalid ${k}`);
    if (b2c.has(ocid)) return bad("Duplicate OriginatorConversationID", "400.002.05");
    const t: B2cTxn = {
      originatorConversationId: ocid,
      conversationId: `AG_${new Date().toISOString().replace(/\D/g, "").slice(0, 8)}_${randomBytes(10).toString("hex")}`,
      amount,
      phone,
      resultUrl: b.ResultURL as string,
      queueTimeoutUrl: b.QueueTimeOutURL as string,
      outcome: outcomeOf(phone),
      receipt: randomBytes(5).toString("hex").toUpperCase(),
    };
    b2c.set(ocid, t);
    if (t.outcome === "expired") {
      // Timed out in the queue: Daraja posts to QueueTimeOutURL and never processes it.
      fake.later(fake.opts.outcomeDelayMs, () =>
        fake.callback(t.queueTimeoutUrl, {
          Result: { ResultType: 1, ResultCode: 1, ResultDesc: "The request timed out in the queue.", OriginatorConversationID: ocid, ConversationID: t.conversationId, TransactionID: "" },
        }),
      );
    } else if (t.outcome !== "never") {
      fake.later(fake.opts.outcomeDelayMs, () => fake.callback(t.resultUrl, b2cResultBody(t)));
    }
    return {
      status: 200,
      body: { ConversationID: t.conversationId, OriginatorConversationID: ocid, ResponseCode: "0", ResponseDescription: "Accept the service request successfully." },
    };
  };

  const fake = new FakeServer("daraja", options, handler);
  return Object.assign(fake, { config: cfg, stkRequests: stk, b2cRequests: b2c, b2cResultBody: (ocid: string) => b2cResultBody(b2c.get(ocid)!) });
}

export type DarajaFake = ReturnType<typeof createDarajaFake>;
