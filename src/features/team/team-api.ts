// The dealership team's calls (README "Dealership teams"): members, invitations, roles, audit.
import type {
  InvitationSentResponse,
  PendingInvitation,
  TeamAuditEntry,
  TeamMember,
} from "@shared/core/api-types";
import type { InvitableRole } from "@shared/core/team-roles";
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
