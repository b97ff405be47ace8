import fs from "node:fs";
import path from "node:path";
import { createAirtelFake } from "./airtel/server";
import { createDarajaFake } from "./daraja/server";
import { createMomoFake } from "./mtn-momo/server";
import { createWaveFake } from "./wave/server";
import { createOrangeMoneyFake } from "./orange-money/server";
import { createPawapayFake, PAWAPAY_FAKE_PROVIDERS } from "./pawapay/server";

/**
 * `npm run fakes [momo daraja wave airtel orange pawapay]`: starts the operator fakes on fixed ports and
 * prints the D15 environment block that points a development server at them.
 *
 * Knobs (environment): FAKE_MOMO_PORT (3601), FAKE_DARAJA_PORT (3602), FAKE_WAVE_PORT (3603),
 * FAKE_AIRTEL_PORT (3604), FAKE_ORANGE_PORT (3605), FAKE_PAWAPAY_PORT (3606), FAKE_OUTCOME_DELAY_MS (3000), FAKE_TOKEN_TTL_SECONDS (3600),
 * FAKE_LOSE_CALLBACKS=1, FAKE_SLOW_MS, SIKA_URL (where Wave and Airtel post their
 * portal-registered webhooks; default http://localhost:3000).
 */
const want = new Set(process.argv.slice(2).length ? process.argv.slice(2) : ["momo", "daraja", "wave", "airtel", "orange", "pawapay"]);
const num = (name: string, dflt: number) => (process.env[name] ? Number(process.env[name]) : dflt);
const common = {
  outcomeDelayMs: num("FAKE_OUTCOME_DELAY_MS", 3000),
  tokenTtlSeconds: num("FAKE_TOKEN_TTL_SECONDS", 3600),
  loseCallbacks: process.env.FAKE_LOSE_CALLBACKS === "1",
  slowMs: num("FAKE_SLOW_MS", 0),
};
const sika = (process.env.SIKA_URL ?? "http://localhost:3000").replace(/\/$/, "");

/** The Airtel fake keeps its RSA key in .data/fakes so AIRTEL_PUBLIC_KEY survives restarts. */
function airtelKey(): string | undefined {
  const file = path.join(process.cwd(), ".data", "fakes", "airtel-rsa.pem");
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
}

async function main() {
  const lines: string[] = [];
  const closers: Array<() => Promise<void>> = [];
  if (want.has("momo")) {
    const f = await createMomoFake({ ...common, port: num("FAKE_MOMO_PORT", 3601) }).start();
    closers.push(() => f.close());
    const c = f.credentials;
    lines.push(
      `# MTN MoMo fake`,
      `MTN_MOMO_BASE_URL=${f.baseUrl}`,
      `MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY=${c.collection.subscriptionKey}`,
      `MTN_MOMO_COLLECTION_USER_ID=${c.collection.userId}`,
      `MTN_MOMO_COLLECTION_API_KEY=${c.collection.apiKey}`,
      `MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY=${c.disbursement.subscriptionKey}`,
      `MTN_MOMO_DISBURSEMENT_USER_ID=${c.disbursement.userId}`,
      `MTN_MOMO_DISBURSEMENT_API_KEY=${c.disbursement.apiKey}`,
      `MTN_MOMO_TARGET_ENVIRONMENTS=UG=mtnuganda,CI=mtnivorycoast,CM=mtncameroon,BJ=mtnbenin,CG=mtncongo,GN=mtnguineaconakry,RW=mtnrwanda`,
    );
  }
  if (want.has("daraja")) {
    const f = await createDarajaFake({ ...common, port: num("FAKE_DARAJA_PORT", 3602) }).start();
    closers.push(() => f.close());
    const c = f.config;
    lines.push(
      `# Safaricom Daraja fake`,
      `MPESA_BASE_URL=${f.baseUrl}`,
      `MPESA_CONSUMER_KEY=${c.consumerKey}`,
      `MPESA_CONSUMER_SECRET=${c.consumerSecret}`,
      `MPESA_SHORTCODE=${c.shortcode}`,
      `MPESA_PASSKEY=${c.passkey}`,
      `MPESA_B2C_SHORTCODE=${c.b2cShortcode}`,
      `MPESA_B2C_INITIATOR_NAME=${c.initiatorName}`,
      `MPESA_B2C_SECURITY_CREDENTIAL=${c.securityCredential}`,
    );
  }
  if (want.has("wave")) {
    const f = await createWaveFake({ ...common, port: num("FAKE_WAVE_PORT", 3603), webhookUrl: `${sika}/api/connectors/wave/webhook` }).start();
    closers.push(() => f.close());
    lines.push(`# Wave fake (webhooks go to ${sika}/api/connectors/wave/webhook)`, `WAVE_BASE_URL=${f.baseUrl}`, `WAVE_API_KEY=${f.config.apiKey}`, `WAVE_WEBHOOK_SECRET=${f.config.webhookSecret}`);
  }
  if (want.has("airtel")) {
    const f = createAirtelFake({ ...common, port: num("FAKE_AIRTEL_PORT", 3604), privateKeyPem: airtelKey() });
    const dir = path.join(process.cwd(), ".data", "fakes");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "airtel-rsa.pem"), f.privateKeyPem(), { mode: 0o600 });
    f.setCallbackUrl(`${sika}/api/connectors/airtel/callback`);
    await f.start();
    closers.push(() => f.close());
    lines.push(
      `# Airtel Africa fake (callbacks go to ${sika}/api/connectors/airtel/callback)`,
      `AIRTEL_BASE_URL=${f.baseUrl}`,
      `AIRTEL_CLIENT_ID=${f.config.clientId}`,
      `AIRTEL_CLIENT_SECRET=${f.config.clientSecret}`,
      `AIRTEL_DISBURSEMENT_PIN=${f.config.disbursementPin}`,
      `AIRTEL_PUBLIC_KEY=${f.publicKeyBase64}`,
      `AIRTEL_COUNTRIES=${Object.keys(f.config.countries).join(",")}`,
    );
  }
  if (want.has("orange")) {
    const f = await createOrangeMoneyFake({ ...common, port: num("FAKE_ORANGE_PORT", 3605) }).start();
    closers.push(() => f.close());
    lines.push(
      `# Orange Money Web Payment fake (the customer pays by POSTing msisdn=<number> to the payment_url)`,
      `ORANGE_MONEY_BASE_URL=${f.baseUrl}`,
      `ORANGE_MONEY_CLIENT_ID=${f.config.clientId}`,
      `ORANGE_MONEY_CLIENT_SECRET=${f.config.clientSecret}`,
      `ORANGE_MONEY_MERCHANT_KEY=${f.config.merchantKey}`,
      `ORANGE_MONEY_COUNTRIES=CI=ci,SN=sn,ML=ml,BF=bf,CM=cm,GN=gn`,
    );
  }
  if (want.has("pawapay")) {
    const f = createPawapayFake({ ...common, port: num("FAKE_PAWAPAY_PORT", 3606) });
    f.setCallbackUrls({ deposits: `${sika}/api/connectors/pawapay/deposits`, payouts: `${sika}/api/connectors/pawapay/payouts`, refunds: `${sika}/api/connectors/pawapay/refunds` });
    await f.start();
    closers.push(() => f.close());
    const { PAWAPAY_PROVIDERS } = await import("../../server/connectors/pawapay/descriptor");
    const providers = Object.entries(PAWAPAY_PROVIDERS).filter(([, code]) => PAWAPAY_FAKE_PROVIDERS[code]);
    lines.push(
      `# pawaPay fake (callbacks go to ${sika}/api/connectors/pawapay/{deposits,payouts,refunds})`,
      `PAWAPAY_BASE_URL=${f.baseUrl}`,
      `PAWAPAY_API_TOKEN=${f.config.apiToken}`,
      `PAWAPAY_PROVIDERS=${providers.map(([pair, code]) => `${pair}=${code}`).join(",")}`,
    );
  }
  console.log(`Operator fakes running (outcome after ${common.outcomeDelayMs} ms; phone suffix 0001 failed, 0002 declined, 0003 never, 0004 expired, 0005 other failure).`);
  console.log(`Copy into .env.local (or export) and start Sika with CONNECTOR_POLL_SECONDS small:\n`);
  console.log(lines.join("\n"));
  const stop = async () => {
    await Promise.all(closers.map((c) => c()));
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
