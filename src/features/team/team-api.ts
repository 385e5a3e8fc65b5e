// The dealership team's calls (README "Dealership teams"): members, invitations, roles, audit.
import type {
  AuthResponse,
  InvitationPreview,
  InvitationSentResponse,
  PendingInvitation,
  TeamAuditEntry,
  TeamMember,
} from "@shared/api-types";
import type { InvitableRole } from "@shared/permissions";
import { apiRequest } from "@/lib/api";

export const listTeam = () => apiRequest<TeamMember[]>("/team", { auth: true });

export const inviteMember = (email: string, role: InvitableRole) =>
  apiRequest<InvitationSentResponse>("/team/invitations", {
    method: "POST",
    body: { email: email.trim(), role },
    auth: true,
  });

export const pendingInvitations = () => apiRequest<PendingInvitation[]>("/team/invitations", { auth: true });

export const revokeInvitation = (id: string) =>
  apiRequest<void>(`/team/invitations/${encodeURIComponent(id)}`, { method: "DELETE", auth: true });

export const changeRole = (id: string, role: InvitableRole) =>
  apiRequest<TeamMember>(`/team/members/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: { role },
    auth: true,
  });

export const removeMember = (id: string) =>
  apiRequest<void>(`/team/members/${encodeURIComponent(id)}`, { method: "DELETE", auth: true });

export const teamAudit = () => apiRequest<TeamAuditEntry[]>("/team/audit", { auth: true });

export const acceptInvitation = (body: {
  token: string;
  firstName: string;
  lastName: string;
  password: string;
}) => apiRequest<AuthResponse>("/auth/accept-invitation", { method: "POST", body });

/** What an invitation link joins (#51), for the page it opens. */
export const invitationPreview = (token: string) =>
  apiRequest<InvitationPreview>(`/auth/invitation?token=${encodeURIComponent(token)}`);
