"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { formatMoney } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useMerchant, useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { friendlyError } from "@/components/trpc/errors";
import { StatusBadge } from "@/components/transactions/transaction-table";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/states";
import { Table, Td, Th } from "@/components/ui/table";
import { parseBulkCsv, SAMPLE_CSV, type BulkCsvRow } from "./parse-csv";

type Check = { line: number; ok: boolean; errors: Record<string, string[]> };
const FINAL = new Set(["successful", "failed", "cancelled"]);

/**
 * Bulk payouts (D16): a CSV is read in the browser, every line is checked on the server
 * with the payout schema, the valid lines are sent as one batch, and the batch is
 * followed live; failed lines can be sent again as a new batch.
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
  const [batch, setBatch] = useState<{ id: string; rows: BulkCsvRow[] } | null>(null);

  const validate = useMutation(trpc.bulkPayouts.validate.mutationOptions({ onSuccess: setChecks, onError: (err) => toast.error(friendlyError(err, t)) }));
  const send = useMutation(
    trpc.bulkPayouts.send.mutationOptions({
      onSuccess: (r, vars) => {
        setBatch({ id: r.batchId, rows: vars.rows });
        toast.success(t("bulk.sent", { count: r.items.filter((i) => i.transactionId).length }));
      },
      onError: (err) => toast.error(friendlyError(err, t)),
    }),
  );
  const followed = useQuery({
    ...trpc.bulkPayouts.get.queryOptions({ ...scope, batchId: batch?.id ?? "" }, { refetchInterval: (q) => (q.state.data?.items.some((i) => i.status === "pending") ? 1500 : false) }),
    enabled: Boolean(batch),
  });

  const onFile = async (file: File | undefined) => {
    setChecks(null);
    setBatch(null);
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
  const items = followed.data?.items ?? [];
  const done = items.filter((i) => i.status === null || FINAL.has(i.status)).length;
  const failedRows = batch ? items.flatMap((i) => (i.status === null || i.status === "failed" || i.status === "cancelled" ? [batch.rows[i.line - 1]] : [])).filter(Boolean) : [];
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
            <input
              id="bulk-file"
              type="file"
              accept=".csv,text/csv"
              className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-emerald-600 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-emerald-700"
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
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

      {checks && !batch ? (
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
                        <div className="min-w-48 space-y-1">
                          <Badge tone="red">{t("bulk.invalid")}</Badge>
                          {Object.values(c?.errors ?? {})
                            .flat()
                            .map((msg) => (
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

      {batch ? (
        <Card className="mt-6" aria-labelledby="batch-title">
          <CardHeader
            id="batch-title"
            title={t("bulk.batchTitle")}
            description={
              <>
                <code className="break-all font-mono text-xs">{batch.id}</code> · {t("bulk.progress", { done, total: items.length || batch.rows.length })}
              </>
            }
            actions={
              failedRows.length && done === items.length ? (
                <Button variant="secondary" onClick={() => send.mutate({ ...scope, rows: failedRows })} loading={send.isPending}>
                  {t("bulk.retry", { count: failedRows.length })}
                </Button>
              ) : null
            }
          />
          <div className="px-4 pb-4 sm:px-6">
            <div className="h-2 w-full overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-valuemin={0} aria-valuemax={items.length || 1} aria-valuenow={done} aria-label={t("bulk.progressLabel")}>
              <div className="h-full bg-emerald-600 transition-all" style={{ width: `${items.length ? Math.round((done / items.length) * 100) : 0}%` }} />
            </div>
          </div>
          <Table label={t("bulk.batchLabel")}>
            <thead>
              <tr>
                <Th>#</Th>
                <Th>{t("bulk.status")}</Th>
                <Th>{t("bulk.orderId")}</Th>
                <Th className="text-right">{t("bulk.amount")}</Th>
                <Th>{t("bulk.transaction")}</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((i) => (
                <tr key={i.line} data-testid={`batch-line-${i.line}`}>
                  <Td className="text-slate-500">{i.line}</Td>
                  <Td className="whitespace-normal">
                    {i.status ? <StatusBadge status={i.status} /> : <Badge tone="red">{t("bulk.rejected")}</Badge>}
                    {i.error ? <p className="mt-1 max-w-xs text-xs text-red-600">{i.error}</p> : null}
                  </Td>
                  <Td className="font-mono text-xs">{i.orderId ?? batch.rows[i.line - 1]?.order_id}</Td>
                  <Td className="text-right tabular-nums">{i.amount ? formatMoney(i.amount, batch.rows[i.line - 1]?.currency ?? "XOF", locale) : "—"}</Td>
                  <Td className="font-mono text-xs">{i.transactionId ?? "—"}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>
      ) : null}
    </>
  );
}
