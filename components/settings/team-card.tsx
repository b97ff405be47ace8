"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { TeamTwoFactorSetting } from "@/components/identity/team-two-factor";
import { useState } from "react";
import { toast } from "sonner";
import { formatDate, formatDateTime } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useMerchant, type Role } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { friendlyError } from "@/components/trpc/errors";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { Field, Input, Select } from "@/components/ui/field";
import { EmptyState, QueryBoundary } from "@/components/ui/states";
import { ResponsiveTable, Td, Th } from "@/components/ui/table";
import { MEMBER_ROLES } from "@/server/vocabulary";

const ROLES: readonly Role[] = MEMBER_ROLES;

function InviteForm() {
  const t = useT();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { merchantId } = useMerchant();
  const [link, setLink] = useState<{ email: string; url: string; mailed: boolean } | null>(null);
  const [role, setRole] = useState<Role>("developer");
  const invite = useFormMutation(
    trpc.team.invite.mutationOptions({
      onSuccess: (r) => {
        setLink({ email: r.email, url: `${window.location.origin}/invite/${r.token}`, mailed: r.mailed });
        void queryClient.invalidateQueries(trpc.team.invitations.queryFilter());
      },
    }),
  );
  const { fields } = invite;
  return (
    <>
      <form
        className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          invite.mutate({ merchantId, email: String(f.get("email") ?? ""), role });
          e.currentTarget.reset();
        }}
      >
        <Field label={t("settings.inviteEmail")} error={fields.email}>
          {(p) => <Input {...p} name="email" type="email" autoComplete="off" required />}
        </Field>
        <Field label={t("settings.inviteRole")} hint={t(`roles.${role}Help`)}>
          {(p) => (
            <Select {...p} name="role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" className="sm:mt-7" loading={invite.isPending}>
          {t("settings.sendInvite")}
        </Button>
      </form>
      <Dialog open={link !== null} onClose={() => setLink(null)} title={t("settings.inviteLinkTitle", { email: link?.email ?? "" })} footer={<Button onClick={() => setLink(null)}>{t("common.close")}</Button>}>
        {/* Issue 22: the invitation is mailed too; the link stays for sending it another way. */}
        <p className="mb-3" data-testid="invite-mailed">
          {link?.mailed ? t("identity.invitationMailed", { email: link.email }) : t("identity.invitationNotMailed", { email: link?.email ?? "" })}
        </p>
        <div className="flex items-center gap-2">
          <code data-testid="invite-link" className="min-w-0 flex-1 break-all rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900 select-all">
            {link?.url}
          </code>
          {link ? <CopyButton value={link.url} /> : null}
        </div>
      </Dialog>
    </>
  );
}

function PendingInvitations() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { merchantId } = useMerchant();
  const invitations = useQuery(trpc.team.invitations.queryOptions({ merchantId }));
  const revoke = useMutation(
    trpc.team.revokeInvitation.mutationOptions({
      onSuccess: () => {
        toast.success(t("settings.inviteRevoked"));
        void queryClient.invalidateQueries(trpc.team.invitations.queryFilter());
      },
      onError: (err) => toast.error(friendlyError(err, t)),
    }),
  );
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{t("settings.pendingInvites")}</h3>
      <QueryBoundary query={invitations} rows={2}>
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm text-slate-500">{t("settings.noInvites")}</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {list.map((inv) => (
                <li key={inv.id} className="flex flex-wrap items-center gap-3 px-3 py-2.5 text-sm">
                  <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{inv.email}</span>
                  <Badge>{t(`roles.${inv.role}`)}</Badge>
                  <span className="text-xs text-slate-500">
                    {inv.expired ? <Badge tone="red">{t("settings.expired")}</Badge> : `${t("settings.expires")} ${formatDate(inv.expiresAt, locale)}`}
                  </span>
                  <Button variant="ghost" size="sm" onClick={() => revoke.mutate({ merchantId, invitationId: inv.id })} loading={revoke.isPending && revoke.variables?.invitationId === inv.id}>
                    {t("settings.revokeInvite")}
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryBoundary>
    </div>
  );
}

export function TeamCard() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { merchantId, can, user } = useMerchant();
  const members = useQuery(trpc.team.members.queryOptions({ merchantId }));
  const [removing, setRemoving] = useState<{ userId: string; email: string; activeKeys: number } | null>(null);
  const [revokeKeys, setRevokeKeys] = useState(true);
  const invalidate = () => queryClient.invalidateQueries(trpc.team.members.queryFilter());
  const changeRole = useMutation(
    trpc.team.changeRole.mutationOptions({
      onSuccess: () => {
        toast.success(t("settings.roleChanged"));
        void invalidate();
      },
      onError: (err) => {
        toast.error(friendlyError(err, t));
        void invalidate();
      },
    }),
  );
  const remove = useMutation(
    trpc.team.removeMember.mutationOptions({
      onSuccess: (r) => {
        setRemoving(null);
        toast.success(r.revokedKeys > 0 ? t("security.removedWithKeys", { count: r.revokedKeys }) : t("settings.removed"));
        void invalidate();
      },
      onError: (err) => toast.error(friendlyError(err, t)),
    }),
  );
  const owner = can("owner");
  type Member = NonNullable<typeof members.data>[number];
  // Cells shared by the phone card and the desktop row (plain functions: no remount of the select).
  const memberName = (m: Member, self: boolean) => (
    <div className="min-w-0">
      <div className="break-words font-medium text-slate-900">
        {m.name ?? m.email}
        {self ? <span className="ml-1 text-xs font-normal text-slate-400">({t("common.you")})</span> : null}
      </div>
      {m.name ? <div className="[overflow-wrap:anywhere] text-xs text-slate-500">{m.email}</div> : null}
    </div>
  );
  const roleCell = (m: Member, self: boolean) =>
    owner && !self ? (
      <label className="shrink-0">
        <span className="sr-only">
          {t("settings.role")} {m.email}
        </span>
        <select
          value={m.role}
          onChange={(e) => changeRole.mutate({ merchantId, userId: m.userId, role: e.target.value as Role })}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </select>
      </label>
    ) : (
      <Badge>{t(`roles.${m.role}`)}</Badge>
    );
  const removeButton = (m: Member, self: boolean, className = "") =>
    owner && !self ? (
      <Button variant="ghost" size="sm" className={`text-red-700 hover:bg-red-50 ${className}`} onClick={() => {
          setRevokeKeys(true);
          setRemoving({ userId: m.userId, email: m.email, activeKeys: m.activeKeys });
        }}
      >
        {t("settings.remove")}
      </Button>
    ) : null;
  return (
    <Card aria-labelledby="team-title">
      <CardHeader id="team-title" title={t("settings.team")} description={owner ? undefined : t("settings.ownerOnly")} />
      <QueryBoundary query={members}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t("settings.team")} />
          ) : (
            <ResponsiveTable
              label={t("settings.team")}
              items={list}
              card={(m) => {
                const self = m.email === user.email;
                return (
                  <li key={m.userId} className="px-4 py-3" data-testid="team-member-mobile">
                    <div className="flex items-start justify-between gap-3">
                      {memberName(m, self)}
                      {roleCell(m, self)}
                    </div>
                    <p className="mt-1 text-xs text-slate-500">
                      {t("settings.joined")} {formatDate(m.joinedAt, locale)} · {t("settings.lastSignIn")} {m.lastSignInAt ? formatDateTime(m.lastSignInAt, locale) : t("common.never")}
                    </p>
                    {removeButton(m, self, "mt-2 -ml-2")}
                  </li>
                );
              }}
              head={
                <>
                  <Th>{t("settings.member")}</Th>
                  <Th>{t("settings.role")}</Th>
                  <Th>{t("settings.joined")}</Th>
                  <Th>{t("settings.lastSignIn")}</Th>
                  <Th>
                    <span className="sr-only">{t("settings.remove")}</span>
                  </Th>
                </>
              }
              row={(m) => {
                const self = m.email === user.email;
                return (
                  <tr key={m.userId} data-testid="team-member">
                    <Td>
                      {memberName(m, self)}
                    </Td>
                    <Td>
                      {roleCell(m, self)}
                    </Td>
                    <Td>{formatDate(m.joinedAt, locale)}</Td>
                    <Td>{m.lastSignInAt ? formatDateTime(m.lastSignInAt, locale) : t("common.never")}</Td>
                    <Td className="text-right">
                      {removeButton(m, self)}
                    </Td>
                  </tr>
                );
              }}
            />
          )
        }
      </QueryBoundary>
      {owner ? (
        <CardBody className="space-y-6 border-t border-slate-100">
          <div>
            <h3 className="mb-3 text-sm font-semibold text-slate-900">{t("settings.invite")}</h3>
            <InviteForm />
          </div>
          <PendingInvitations />
          <TeamTwoFactorSetting />
        </CardBody>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ merchantId, userId: removing.userId, revokeKeys })}
        title={t("settings.removeTitle", { email: removing?.email ?? "" })}
        body={t("settings.removeBody")}
        confirmLabel={t("settings.remove")}
        cancelLabel={t("common.cancel")}
        loading={remove.isPending}
        danger
      >
        {/* Issue 19 §10: a departed member's keys keep working unless revoked; yes by default. */}
        <label className="mt-3 flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" className="mt-0.5 h-4 w-4" checked={revokeKeys} onChange={(e) => setRevokeKeys(e.target.checked)} data-testid="revoke-member-keys" />
          <span>
            {t("security.revokeMemberKeys")}
            <span className="block text-xs text-slate-500">{t("security.revokeMemberKeysHint", { count: removing?.activeKeys ?? 0 })}</span>
          </span>
        </label>
      </ConfirmDialog>
    </Card>
  );
}
