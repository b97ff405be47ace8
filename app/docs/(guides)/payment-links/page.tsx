import { guideMetadata } from "../../_components/guide-metadata";
import { CodeBlock } from "../../_components/code-block";
import { docsLocale } from "../../_components/docs-locale";
import { PaymentLinksFr } from "./payment-links-fr";
import { paymentLinksSnippets } from "./snippets";

export const generateMetadata = guideMetadata("/docs/payment-links");

export default async function PaymentLinksGuide() {
  if ((await docsLocale()) === "fr") return <PaymentLinksFr />;
  return (
    <>
      <h1>Payment links</h1>
      <p>
        A payment link is a page anyone can pay you on, by mobile money, with no website and no developer: a shop shares it on WhatsApp, a school
        prints its QR code on the fees letter. Create links in the dashboard (<strong>Payment links</strong>) or with the API. Each payment is an{" "}
        <strong>ordinary payin</strong> of the link&apos;s mode: same fees, lifecycle, webhooks (<code>type: &quot;cashin&quot;</code>), dashboard and
        statements; it is tagged with its link, whose page lists its payments and what they collected.
      </p>
      <h2 id="create">Create a link</h2>
      <CodeBlock
        title="A fixed amount, asking the payer's name and a reference"
        code={paymentLinksSnippets.create}
      />
      <p>
        The answer&apos;s <code>url</code> (<code>/pay/&#123;slug&#125;</code>, on your configured public URL) is the page to share. Leave{" "}
        <code>amount</code> out to let the payer choose between <code>min_amount</code> and <code>max_amount</code> (default: the country&apos;s
        limits). Optional: <code>max_payments</code> (the link stops after that many successful payments, counting those under way),{" "}
        <code>expires_at</code>, <code>collect_fields</code> (<code>name</code>, <code>email</code>, <code>reference</code>; a reference becomes the
        payin&apos;s <code>order_id</code>, otherwise the link&apos;s id is). Amounts are checked against the country&apos;s limits when the link is
        created, so every payment it starts can succeed.
      </p>
      <p>
        <code>GET /api/v1/merchant/payment-links</code> lists links (newest first, <code>limit</code>, and <code>starting_after</code>: the{" "}
        <code>next_starting_after</code> of the previous page, a link id; anything else is a 422),{" "}
        <code>GET …/payment-links/&#123;id&#125;</code> reads one with <code>payment_count</code>, <code>successful_count</code> and{" "}
        <code>total_collected</code>, and <code>POST …/payment-links/&#123;id&#125;/deactivate</code> turns it off for good (recorded in the audit
        log).
      </p>
      <h2 id="page">The payer&apos;s page</h2>
      <ul>
        <li>Phone first (375 px wide), no images or fonts to download, in French or English from the browser&apos;s language, with a switch.</li>
        <li>
          The payer types a number; the network is predicted from the numbering plan (<a href="/docs/network-prediction">network prediction</a>) and
          can be changed among the country&apos;s networks. The fee and the total are shown before paying: the payer pays{" "}
          <code>charged_amount</code>, you receive <code>amount</code>.
        </li>
        <li>
          Then the network&apos;s own step (<a href="/docs/payin-flows">payin flows</a>): the Orange USSD code to dial, a PIN field (QMoney, APS),
          a redirect to the Wave page, or nothing but approving on the phone. A live status page follows and becomes the receipt; while the
          payer approves a USSD payment, the page moves to it by itself once the payment settles (or when the payer taps &quot;I have approved&quot;).
        </li>
        <li>
          Share buttons: WhatsApp, copy, and the QR code (also downloadable as a PNG from the dashboard).
        </li>
        <li>A deactivated, expired or used-up link says so, and takes no payment.</li>
      </ul>
      <h2 id="abuse">Abuse limits</h2>
      <p>
        At most 60 payment attempts per link per 10 minutes and 20 per client address per 10 minutes (all links together), on the shared rate-limit
        store; past them the page asks the payer to wait. A double tap on <strong>Pay</strong> or a retry on a slow connection makes one payin, not
        two: each submission carries its own idempotency key.
      </p>
      <h2 id="test">In test mode</h2>
      <p>
        A link created with a test key (or in the dashboard&apos;s test mode) takes sandbox numbers: the last 4 digits choose the outcome (
        <a href="/docs/test-mode">test mode</a>), and the page says that no real money moves.
      </p>
    </>
  );
}
