import { getDb } from "@/server/db/client";
import { getSessionUser } from "@/server/auth/session";
import { findInvitationByToken } from "@/server/team/invitations";
import { AuthFrame } from "@/components/auth/auth-frame";
import { InviteView } from "@/components/auth/invite-view";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.invitation);
export const dynamic = "force-dynamic";

/** /invite/<token>: the link an owner shares. Works signed in (join) or signed out (sign up or sign in, then join). */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const db = await getDb();
  const [invitation, user] = await Promise.all([token.length >= 20 && token.length <= 200 ? findInvitationByToken(db, token) : null, getSessionUser(db)]);
  return (
    <AuthFrame>
      <InviteView
        token={token}
        invitation={invitation ? { merchantName: invitation.merchantName, email: invitation.email, role: invitation.role, state: invitation.state, merchantId: invitation.merchantId } : null}
        signedInEmail={user?.email ?? null}
      />
    </AuthFrame>
  );
}
