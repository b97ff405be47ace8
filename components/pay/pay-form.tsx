"use client";

import { useEffect, useMemo, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { finalizePayment, payLink, paySession, paymentStatus, predict, quote, type PayFailure, type PayOutcome } from "@/app/pay/actions";
import { formatMoney } from "@/components/i18n/format";
import { useLocale, useT, type TFunction } from "@/components/i18n/provider";
import { Button } from "@/components/ui/button";
import { Field, FormAlert, Input, Select } from "@/components/ui/field";
import { Spinner } from "@/components/ui/icons";
import type { HostedApproval } from "@/server/payment-links/hosted-pay";
import { ApprovalText } from "./approval-step";
import { REFRESH_MS } from "./receipt-live";
import { newAttemptKey } from "@/components/ui/attempt-key";
import type { PayTarget } from "./types";

type Step = { kind: "form" } | { kind: "confirm"; id: string; instructions: string; approval: HostedApproval | null } | { kind: "pin"; id: string } | { kind: "redirect"; url: string; network: string };

const receiptUrl = (id: string) => `/pay/receipt?transaction_id=${encodeURIComponent(id)}`;

/**
 * The payer's form on a payment link or a checkout session: phone number (network predicted
 * as they type, D16, and changeable), amount when the payer chooses it, the fields the link
 * collects, the fee and total on the chosen network; then the network's own step (D7):
 * USSD/approve instructions, a PIN, a redirect, or straight to the live receipt.
 */
export function PayForm({ target }: { target: PayTarget }) {
  const t = useT();
  const locale = useLocale();
  const router = useRouter();
  const [countryCode, setCountryCode] = useState(target.countries[0]?.code ?? "");
  const country = target.countries.find((c) => c.code === countryCode) ?? target.countries[0];
  const [phone, setPhone] = useState("");
  const [network, setNetwork] = useState(country?.networks[0]?.id ?? "");
  const [predicted, setPredicted] = useState(false);
  const chosenByHand = useRef(false);
  const [amount, setAmount] = useState(target.fixedAmount ?? "");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [reference, setReference] = useState("");
  const [price, setPrice] = useState<{ fee: string; total: string } | null>(null);
  const [failure, setFailure] = useState<PayFailure | null>(null);
  const [step, setStep] = useState<Step>({ kind: "form" });
  const [pending, startTransition] = useTransition();
  const [otp, setOtp] = useState("");
  const money = (v: string) => formatMoney(v, target.currency, locale);

  // A new key whenever what would be sent changes; the same key for a retry of the same payment.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the dependencies are the trigger, not inputs
  const attemptKey = useMemo(() => newAttemptKey(), [phone, network, amount, name, email, reference, countryCode]);

  // D16: predict the network once the number looks complete (debounced: one request, not one per key).
  useEffect(() => {
    const digits = phone.replace(/\D/g, "");
    if (!country || digits.length < 8) return;
    const timer = setTimeout(async () => {
      const p = await predict(phone, country.code);
      if (p && p.countryCode === country.code && country.networks.some((n) => n.id === p.network) && !chosenByHand.current) {
        setNetwork(p.network);
        setPredicted(true);
      }
    }, 350);
    return () => clearTimeout(timer);
  }, [phone, country]);

  useEffect(() => {
    if (!country || !network || !amount) return;
    const timer = setTimeout(async () => setPrice(await quote({ countryCode: country.code, currency: target.currency, network, amount })), 250);
    return () => clearTimeout(timer);
  }, [country, network, amount, target.currency]);

  // While the payer approves on the phone, the page watches the payment and moves to the
  // receipt once it is settled: the instructions say it completes on its own, and a payer
  // left looking at "approve on your phone" after approving may well pay a second time.
  const waitingOn = step.kind === "confirm" ? step.id : null;
  useEffect(() => {
    if (!waitingOn) return;
    const timer = setInterval(async () => {
      const status = await paymentStatus(waitingOn);
      if (status && status !== "pending") router.push(receiptUrl(waitingOn));
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [waitingOn, router]);

  const after = (r: PayOutcome) => {
    if (!r.ok) {
      if (r.code === "in_progress" && r.transactionId) return router.push(receiptUrl(r.transactionId));
      if (r.code === "closed") return router.refresh();
      return setFailure(r);
    }
    setFailure(null);
    if (r.redirectUrl) {
      setStep({ kind: "redirect", url: r.redirectUrl, network: country?.networks.find((n) => n.id === network)?.name ?? network });
      window.location.assign(r.redirectUrl);
    } else if (r.authMode === "pin" && r.status === "pending") setStep({ kind: "pin", id: r.transactionId });
    else if (r.authMode === "confirm" && r.instructions && r.status === "pending") setStep({ kind: "confirm", id: r.transactionId, instructions: r.instructions, approval: r.approval });
    else router.push(receiptUrl(r.transactionId));
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const form = { phone, network, countryCode: country?.code ?? "", amount, name, email, reference, attemptKey };
    startTransition(async () => after(target.kind === "link" ? await payLink(target.id, form) : await paySession(target.id, form)));
  };

  const fieldError = (field: string) => (failure?.code === "fields" && failure.fields?.includes(field) ? errorText(t, field, { country: country?.name ?? "", min: money(target.minAmount ?? "0"), max: money(target.maxAmount ?? "0") }) : undefined);
  const formError = failure && failure.code !== "fields" ? t(failure.code === "rate_limited" ? "pay.errors.rateLimited" : failure.code === "unavailable" ? "pay.errors.unavailable" : "pay.errors.generic") : failure?.fields?.includes("form") ? t("pay.errors.generic") : null;

  if (step.kind === "redirect") {
    return (
      <p className="flex items-center gap-3 text-sm text-slate-700" role="status">
        <Spinner className="h-5 w-5 text-emerald-700" /> {t("pay.redirecting", { network: step.network })}
      </p>
    );
  }
  if (step.kind === "confirm") {
    return (
      <div className="space-y-4" data-testid="pay-confirm">
        <h2 className="text-base font-semibold text-slate-900">{t("pay.confirmTitle")}</h2>
        {step.approval ? (
          <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
            <ApprovalText approval={step.approval} />
          </div>
        ) : (
          // Our own English text (payin-authorization.ts), for a step the page has no words of its own for.
          <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 [&_strong]:font-semibold" dangerouslySetInnerHTML={{ __html: step.instructions }} />
        )}
        <Button className="h-11 w-full" onClick={() => router.push(receiptUrl(step.id))}>
          {t("pay.confirmDone")}
        </Button>
      </div>
    );
  }
  if (step.kind === "pin") {
    return (
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          startTransition(async () => {
            const r = await finalizePayment(step.id, otp);
            if (!r.ok && r.code === "fields") return setFailure(r);
            router.push(receiptUrl(step.id));
          });
        }}
      >
        <h2 className="text-base font-semibold text-slate-900">{t("pay.pinTitle")}</h2>
        <Field label={t("pay.pinLabel")} error={failure?.fields?.includes("otp") ? t("pay.errors.otp") : undefined}>
          {(p) => <Input {...p} value={otp} onChange={(e) => setOtp(e.target.value.replace(/\D/g, "").slice(0, 8))} inputMode="numeric" autoComplete="one-time-code" className="h-11 text-lg tracking-widest" />}
        </Field>
        <Button type="submit" className="h-11 w-full" loading={pending}>
          {t("pay.pinSubmit")}
        </Button>
      </form>
    );
  }

  const payLabel = price ? t("pay.pay", { amount: money(price.total) }) : target.fixedAmount ? t("pay.pay", { amount: money(target.fixedAmount) }) : t("pay.payNoAmount");
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      {target.countries.length > 1 ? (
        <Field label={t("pay.country")}>
          {(p) => (
            <Select {...p} value={countryCode} onChange={(e) => { setCountryCode(e.target.value); const c = target.countries.find((x) => x.code === e.target.value); setNetwork(c?.networks[0]?.id ?? ""); setPredicted(false); chosenByHand.current = false; }} className="h-11">
              {target.countries.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
            </Select>
          )}
        </Field>
      ) : null}
      {target.fixedAmount === null ? (
        <Field label={t("pay.amountIn", { currency: target.currency })} hint={t("pay.amountHint", { min: money(target.minAmount ?? "0"), max: money(target.maxAmount ?? "0") })} error={fieldError("amount")}>
          {(p) => <Input {...p} value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" className="h-11 text-lg tabular-nums" />}
        </Field>
      ) : null}
      <Field label={t("pay.phone")} hint={t("pay.phoneHint")} error={fieldError("phone")}>
        {(p) => (
          <div className="flex">
            <span className="inline-flex h-11 items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600">+{country?.dialCode}</span>
            <Input {...p} value={phone} onChange={(e) => { setPhone(e.target.value); setPredicted(false); }} type="tel" inputMode="tel" autoComplete="tel-national" className="h-11 rounded-l-none text-lg tabular-nums" />
          </div>
        )}
      </Field>
      <Field label={t("pay.network")} hint={predicted ? t("pay.networkPredicted") : undefined} error={fieldError("network")}>
        {(p) => (
          <Select {...p} value={network} onChange={(e) => { setNetwork(e.target.value); chosenByHand.current = true; setPredicted(false); }} className="h-11" data-testid="pay-network">
            {country?.networks.map((n) => <option key={n.id} value={n.id}>{n.name}</option>)}
          </Select>
        )}
      </Field>
      {target.collect.includes("name") ? <Field label={t("pay.name")} error={fieldError("name")}>{(p) => <Input {...p} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" className="h-11" />}</Field> : null}
      {target.collect.includes("email") ? <Field label={t("pay.email")} error={fieldError("email")}>{(p) => <Input {...p} value={email} onChange={(e) => setEmail(e.target.value)} type="email" autoComplete="email" className="h-11" />}</Field> : null}
      {target.collect.includes("reference") ? <Field label={t("pay.reference")} error={fieldError("reference")}>{(p) => <Input {...p} value={reference} onChange={(e) => setReference(e.target.value)} className="h-11" />}</Field> : null}
      {price ? (
        <dl className="space-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm" data-testid="pay-price">
          <div className="flex justify-between"><dt className="text-slate-500">{t("pay.fee")}</dt><dd className="tabular-nums text-slate-800">{money(price.fee)}</dd></div>
          <div className="flex justify-between font-semibold"><dt>{t("pay.total")}</dt><dd className="tabular-nums">{money(price.total)}</dd></div>
        </dl>
      ) : null}
      <FormAlert message={formError} />
      <Button type="submit" className="h-12 w-full text-base" loading={pending}>
        {pending ? t("pay.paying") : payLabel}
      </Button>
    </form>
  );
}

function errorText(t: TFunction, field: string, vars: { country: string; min: string; max: string }): string {
  switch (field) {
    case "phone":
    case "country":
      return t("pay.errors.phone", vars);
    case "network":
      return t("pay.errors.network", vars);
    case "amount":
      return t("pay.errors.amount", vars);
    case "name":
    case "email":
    case "reference":
      return t(`pay.errors.${field}`);
    default:
      return t("pay.errors.generic");
  }
}
