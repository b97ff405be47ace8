"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { useLocale, useT } from "@/components/i18n/provider";
import { useMerchant, useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { friendlyError } from "@/components/trpc/errors";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/states";
import { Table, Td, Th } from "@/components/ui/table";
import { lineMessages } from "./bulk-messages";
import { parseBulkCsv, SAMPLE_CSV, type BulkCsvRow } from "./parse-csv";
import { useSendBatch } from "./use-send-batch";
import { BulkHistory } from "./bulk-history";

type Check = { line: number; ok: boolean; errors: Record<string, string[]> };

/**
 * Bulk payouts (D16): a CSV is read in the browser, every line is checked on the server
 * with the payout schema, and the valid lines are sent as one batch, whose own page
 * (bulk-batch-view.tsx, /dashboard/payouts/bulk/<batch_id>) then follows it live.
 */
export function BulkPayoutsPage() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const scope = useScope();
  const { can } = useMerchant();
  const [fileName, setFileName] = useState<string | null>(null);
  const [rows, setRows] = useState<BulkCsvRow[]>([]);
  const [checks, setChecks] = useState<Check[] | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const validate = useMutation(trpc.bulkPayouts.validate.mutationOptions({ onSuccess: setChecks, onError: (err) => toast.error(friendlyError(err, t)) }));
  const send = useSendBatch();

  const onFile = async (file: File | undefined) => {
    setChecks(null);
    setFileError(null);
    if (!file) return;
    setFileName(file.name);
    const parsed = parseBulkCsv(await file.text());
    if (parsed.missing.length) return setFileError(t("bulk.missingColumns", { columns: parsed.missing.join(", ") }));
    if (parsed.rows.length === 0) return setFileError(t("bulk.empty"));
    if (parsed.rows.length > 1000) return setFileError(t("bulk.tooMany"));
    setRows(parsed.rows);
    validate.mutate({ ...scope, rows: parsed.rows });
  };

  const valid = checks ? rows.filter((_, i) => checks[i]?.ok) : [];
  const sample = `data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE_CSV)}`;

  return (
    <>
      <PageHeader title={t("bulk.title")} description={t("bulk.description")} />
      {!can("developer") ? (
        <Card>
          <EmptyState title={t("bulk.readOnly")} />
        </Card>
      ) : (
        <Card>
          <CardBody>
            <label className="block text-sm font-medium text-slate-700" htmlFor="bulk-file">
              {t("bulk.file")}
            </label>
            {/* The browser words its own file button in its own language ("Choose File"): the
                input stays for keyboard and screen readers, a label in the page's language shows. */}
            <div className="relative mt-1.5 flex flex-wrap items-center gap-3">
              <input id="bulk-file" type="file" accept=".csv,text/csv" className="peer sr-only" onChange={(e) => void onFile(e.target.files?.[0])} />
              <label
                htmlFor="bulk-file"
                className="cursor-pointer rounded-lg bg-emerald-600 px-3 py-2 text-sm font-medium text-white hover:bg-emerald-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-emerald-600"
              >
                {t("bulk.chooseFile")}
              </label>
              <span className="min-w-0 [overflow-wrap:anywhere] text-sm text-slate-700">{fileName ?? t("bulk.noFile")}</span>
            </div>
            <p className="mt-2 text-xs text-slate-500">
              {t("bulk.columns")}{" "}
              <a href={sample} download="sika-bulk-payouts-sample.csv" className="font-medium text-emerald-700 hover:underline">
                {t("bulk.sample")}
              </a>
            </p>
            {fileError ? (
              <p role="alert" className="mt-3 text-sm text-red-600">
                {fileError}
              </p>
            ) : null}
          </CardBody>
        </Card>
      )}

      {checks ? (
        <Card className="mt-6" aria-labelledby="preview-title">
          <CardHeader
            id="preview-title"
            title={t("bulk.preview", { file: fileName ?? "" })}
            description={t("bulk.previewSummary", { valid: valid.length, invalid: rows.length - valid.length })}
            actions={
              <Button onClick={() => send.mutate({ ...scope, rows: valid })} disabled={valid.length === 0} loading={send.isPending}>
                {t("bulk.send", { count: valid.length })}
              </Button>
            }
          />
          <Table label={t("bulk.previewLabel")}>
            <thead>
              <tr>
                <Th>#</Th>
                <Th>{t("bulk.check")}</Th>
                <Th>{t("bulk.phone")}</Th>
                <Th className="text-right">{t("bulk.amount")}</Th>
                <Th>{t("bulk.network")}</Th>
                <Th>{t("bulk.name")}</Th>
                <Th>{t("bulk.orderId")}</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r, i) => {
                const c = checks[i];
                return (
                  <tr key={i} data-testid={`bulk-line-${i + 1}`}>
                    <Td className="text-slate-500">{i + 1}</Td>
                    <Td className="whitespace-normal">
                      {c?.ok ? (
                        <Badge tone="green">{t("bulk.valid")}</Badge>
                      ) : (
                        <div className="min-w-48 max-w-xs space-y-1 whitespace-normal break-words">
                          <Badge tone="red">{t("bulk.invalid")}</Badge>
                          {lineMessages(c?.errors ?? {}, t, locale).map((msg) => (
                            <p key={msg} className="text-xs text-red-600">
                              {msg}
                            </p>
                          ))}
                        </div>
                      )}
                    </Td>
                    <Td className="tabular-nums">{r.phone}</Td>
                    <Td className="text-right tabular-nums">
                      {r.amount} {r.currency}
                    </Td>
                    <Td>
                      {r.network} · {r.country}
                    </Td>
                    <Td>{r.name}</Td>
                    <Td className="font-mono text-xs">{r.order_id}</Td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </Card>
      ) : null}

      <BulkHistory />
    </>
  );
}
