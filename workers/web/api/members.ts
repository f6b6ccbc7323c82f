import { ROLES } from "../../core/members/roles";
import { z } from "zod";
import { COMPANY_ROLES } from "../../../db/schema/auth";
import {
  changeMemberRole,
  INVITATION_TTL_MS,
  inviteMember,
  listMembers,
  MEMBER_MESSAGES,
  removeMember,
} from "../../core/members/members";
import { companyRoleField, invitationSchema } from "../../core/members/schemas";
import { callerOf, operation, timestamp } from "./operation";

const GROUP = "Сотрудники";

const role = z.enum(COMPANY_ROLES);

const memberSchema = z.strictObject({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  role,
  lastActiveAt: timestamp.nullable(),
});

const invitationView = z.strictObject({
  email: z.string(),
  role,
  createdAt: timestamp,
  expiresAt: timestamp,
});

const exampleMember = {
  id: "5b7c1f0e-2d7a-4c1b-9a53-0d3c2f1e8a10",
  firstName: "Ольга",
  lastName: "Смирнова",
  email: "olga@carrier.ru",
  phone: "+79161234567",
  role: "dispatcher" as const,
  lastActiveAt: "2026-11-25T09:30:00.000Z",
};

const exampleInvitation = {
  email: "ivan@carrier.ru",
  role: "driver" as const,
  createdAt: "2026-11-25T09:00:00.000Z",
  expiresAt: "2026-12-02T09:00:00.000Z",
};

const ROLES_RULE =
  "Роли в компании: director — руководитель (всё, включая сотрудников), dispatcher — диспетчер, driver — водитель. Управлять сотрудниками может только руководитель (остальным — 403, ничего не меняется); сотрудник другой компании — 404.";

const memberParams = z.object({ memberId: z.string().max(100).describe("id сотрудника из GET /members") });

/** A company's members and invitations (issue 25 item 3, decision 0076); directors only. */
export const membersOperations = [
  operation(
    {
      method: "GET",
      path: "/members",
      group: GROUP,
      summary: "Сотрудники компании и ожидающие приглашения",
      description: `${ROLES_RULE} members — сотрудники (руководители первыми), lastActiveAt — последняя активность любого их сеанса (null, если сеансов нет); invitations — отправленные и ещё не принятые приглашения, срок которых не истёк.`,
      access: "signed-in",
      roles: ROLES.director,
      success: {
        status: 200,
        data: z.strictObject({ members: z.array(memberSchema), invitations: z.array(invitationView) }),
        example: { members: [exampleMember], invitations: [exampleInvitation] },
      },
      errors: [],
    },
    async (c, _input, reply) => {
      const { user } = callerOf(c);
      return reply.ok(await listMembers(c.get("db"), user.company.id, Date.now()));
    },
  ),
  operation(
    {
      method: "POST",
      path: "/members/invitations",
      group: GROUP,
      summary: "Пригласить сотрудника по e-mail",
      description: `${ROLES_RULE} На адрес уходит письмо с одноразовой ссылкой (действует ${INVITATION_TTL_MS / 86_400_000} дней): по ней сотрудник указывает имя и пароль и попадает в эту компанию с выбранной ролью. Пока адрес руководителя не подтверждён — 403 «${MEMBER_MESSAGES.emailUnconfirmed}». Адрес, уже зарегистрированный в Рейсе, — 409 с причиной (сотрудник этой компании или другой). Не больше 20 приглашений в час на компанию (429).`,
      access: "signed-in",
      roles: ROLES.director,
      body: invitationSchema,
      formBody: true,
      success: { status: 201, data: invitationView, example: exampleInvitation },
      errors: [403, 409, 429, 503],
    },
    async (c, { body }, reply) => {
      const { user } = callerOf(c);
      const result = await inviteMember(
        { db: c.get("db"), now: Date.now, enqueue: c.get("deps").enqueue },
        {
          inviterId: user.id,
          companyId: user.company.id,
          email: body.email,
          role: body.role,
          origin: new URL(c.req.url).origin,
        },
      );
      if (!result.ok) return reply.refuse(result);
      return reply.ok(result.invitation, { status: 201 });
    },
  ),
  operation(
    {
      method: "POST",
      path: "/members/:memberId/role/:role",
      group: GROUP,
      summary: "Сменить роль сотрудника",
      description: `${ROLES_RULE} Последнего руководителя компании нельзя сделать диспетчером или водителем — 409 «${MEMBER_MESSAGES.lastDirector}».`,
      access: "signed-in",
      roles: ROLES.director,
      owns: { param: "memberId", resource: "member" },
      params: memberParams.extend({ role: companyRoleField }),
      success: {
        status: 200,
        data: z.strictObject({ id: z.string(), role }),
        example: { id: exampleMember.id, role: "director" as const },
      },
      errors: [409],
    },
    async (c, { params }, reply) => {
      const { user } = callerOf(c);
      const result = await changeMemberRole(c.get("db"), {
        companyId: user.company.id,
        memberId: params.memberId,
        role: params.role,
      });
      if (!result.ok) return reply.refuse(result);
      return reply.ok({ id: params.memberId, role: result.role });
    },
  ),
  operation(
    {
      method: "DELETE",
      path: "/members/:memberId",
      group: GROUP,
      summary: "Удалить сотрудника",
      description: `${ROLES_RULE} Учётная запись сотрудника удаляется, все его сеансы (браузер и API) завершаются сразу. Последнего руководителя удалить нельзя — 409 «${MEMBER_MESSAGES.lastDirector}».`,
      access: "signed-in",
      roles: ROLES.director,
      owns: { param: "memberId", resource: "member" },
      params: memberParams,
      success: {
        status: 200,
        data: z.strictObject({ removed: z.literal(1) }),
        example: { removed: 1 as const },
      },
      errors: [409],
    },
    async (c, { params }, reply) => {
      const { user } = callerOf(c);
      const result = await removeMember(c.get("db"), {
        companyId: user.company.id,
        memberId: params.memberId,
      });
      if (!result.ok) return reply.refuse(result);
      return reply.ok({ removed: 1 });
    },
  ),
];
