import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  AdminCustomerDetailResponse,
  AdminCustomerListQuery,
  AdminCustomerListResponse,
  AdminInvitationListResponse,
  CustomerEraseBody,
  CustomerExport,
  CustomerIdParams,
  CustomerReasonBody,
  InvitationActionBody,
  InvitationIdParams,
  type AdminCustomerDetail,
  type AdminCustomerList,
  type AdminInvitationList,
} from '../../../../contract/api/admin-customers.js';
import { ErrorResponseSchema } from '../../../../contract/api/fields.js';
import { AcceptedResponse, InvitationBody, type AcceptedView } from '../../../../contract/api/identity.js';
import { auditActor } from '../../../platform/audit/index.js';
import { currentUserId, RequireOperator } from '../../../platform/auth/index.js';
import { ApiZodBody, ApiZodParams, ApiZodQuery, ApiZodResponse } from '../../../platform/http/zod-validation.openapi.js';
import { parseOrThrow, ZodBody, ZodQuery, type Parsed } from '../../../platform/http/zod-validation.js';
import { requestLocale } from '../../../platform/i18n/index.js';
import { IdentityService, toInvitation } from '../../identity/index.js';
import { CustomerAdminService, type Operator } from './customer-admin.service.js';

const NOT_ADMIN = 'Not an admin: staff and customers (AUTH_FORBIDDEN)';

/**
 * The operators' customer API (admin only: capability `users.manage`, which staff lack; docs/admin.md
 * 'Customers'). Every answer is private and never cached; a change needs the CSRF token like every
 * other and is written to the audit log in its own transaction.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/customers')
@UseGuards(RequireOperator)
export class CustomerAdminController {
  constructor(private readonly customers: CustomerAdminService) {}

  @Get()
  @ApiOperation({ summary: 'Accounts, newest first, 25 a page: part of a name, e-mail, company or OIB; a ready-made view.' })
  @ApiZodQuery(AdminCustomerListQuery)
  @ApiZodResponse(AdminCustomerListResponse)
  @ApiZodResponse(ErrorResponseSchema, 401, 'Not signed in (AUTH_REQUIRED)')
  @ApiZodResponse(ErrorResponseSchema, 403, NOT_ADMIN)
  @ApiZodResponse(ErrorResponseSchema, 422, 'CUSTOMER_FILTER_INVALID: an unknown view, a page or search out of range')
  async list(
    @Query(new ZodQuery(AdminCustomerListQuery)) query: Parsed<typeof AdminCustomerListQuery>,
  ): Promise<{ data: AdminCustomerList }> {
    return { data: await this.customers.list(query) };
  }

  @Get(':id')
  @ApiOperation({
    summary:
      'One account: contact, addresses, business data, consents (terms, newsletter with its record), orders, block, whether it may be erased now.',
  })
  @ApiZodParams(CustomerIdParams)
  @ApiZodResponse(AdminCustomerDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such account (CUSTOMER_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 422, 'CUSTOMER_ID_INVALID: the id is no uuid')
  async detail(@Req() req: Request, @Param('id') id: string): Promise<{ data: AdminCustomerDetail }> {
    return { data: await this.customers.detail(customerId(id), currentUserId(req)) };
  }

  @Get(':id/export')
  @ApiOperation({
    summary:
      'Everything the shop holds about the person as one JSON file (GDPR art. 15 and 20): account, orders with lines, invoice references, newsletter, contact messages, audit entries. Logged.',
  })
  @ApiZodParams(CustomerIdParams)
  @ApiZodResponse(CustomerExport)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such account (CUSTOMER_NOT_FOUND)')
  async export(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Param('id') id: string): Promise<CustomerExport> {
    const parsed = customerId(id);
    const doc = await this.customers.export(parsed, operator(req));
    res.setHeader('Content-Disposition', `attachment; filename="customer-${parsed}.json"`);
    return doc;
  }

  @Post(':id/block')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Blocks the account: no sign-in (AUTH_ACCOUNT_BLOCKED), every session and refresh token revoked at once, no newsletter. With a reason.',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(CustomerIdParams)
  @ApiZodBody(CustomerReasonBody)
  @ApiZodResponse(AdminCustomerDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such account (CUSTOMER_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 409, 'CUSTOMER_ALREADY_BLOCKED, CUSTOMER_BLOCK_SELF, CUSTOMER_ALREADY_ERASED')
  @ApiZodResponse(ErrorResponseSchema, 422, 'CUSTOMER_REASON_REQUIRED, CUSTOMER_REASON_TOO_LONG')
  async block(
    @Req() req: Request,
    @Param('id') id: string,
    @Body(new ZodBody(CustomerReasonBody)) body: Parsed<typeof CustomerReasonBody>,
  ): Promise<{ data: AdminCustomerDetail }> {
    return { data: await this.customers.block(customerId(id), body.reason, operator(req)) };
  }

  @Post(':id/unblock')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Lifts the block: sign-in works again; a newsletter subscription the block paused is confirmed again. With a reason.',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(CustomerIdParams)
  @ApiZodBody(CustomerReasonBody)
  @ApiZodResponse(AdminCustomerDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such account (CUSTOMER_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 409, 'CUSTOMER_NOT_BLOCKED, CUSTOMER_ALREADY_ERASED')
  @ApiZodResponse(ErrorResponseSchema, 422, 'CUSTOMER_REASON_REQUIRED, CUSTOMER_REASON_TOO_LONG')
  async unblock(
    @Req() req: Request,
    @Param('id') id: string,
    @Body(new ZodBody(CustomerReasonBody)) body: Parsed<typeof CustomerReasonBody>,
  ): Promise<{ data: AdminCustomerDetail }> {
    return { data: await this.customers.unblock(customerId(id), body.reason, operator(req)) };
  }

  @Post(':id/erase')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Erases the account (GDPR art. 17): anonymized, newsletter and contact messages deleted, orders kept without e-mail and phone, invoices untouched, the person scrubbed from old audit rows. The body repeats the account's e-mail.",
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(CustomerIdParams)
  @ApiZodBody(CustomerEraseBody)
  @ApiZodResponse(AdminCustomerDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such account (CUSTOMER_NOT_FOUND)')
  @ApiZodResponse(
    ErrorResponseSchema,
    409,
    'CUSTOMER_ERASE_SELF, CUSTOMER_ERASE_OPEN_ORDERS (orders not yet shipped or paid), CUSTOMER_ALREADY_ERASED',
  )
  @ApiZodResponse(ErrorResponseSchema, 422, "CUSTOMER_ERASE_CONFIRMATION: the typed e-mail is not the account's")
  async erase(
    @Req() req: Request,
    @Param('id') id: string,
    @Body(new ZodBody(CustomerEraseBody)) body: Parsed<typeof CustomerEraseBody>,
  ): Promise<{ data: AdminCustomerDetail }> {
    return { data: await this.customers.erase(customerId(id), body.confirm_email, operator(req)) };
  }
}

/**
 * Business invitations in the back office (admin only, `users.manage`): the pending ones, a new one
 * (the identity module's invitation, as `POST /api/users/invite`), send again, withdraw.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/customer-invitations')
@UseGuards(RequireOperator)
export class CustomerInvitationController {
  constructor(
    private readonly customers: CustomerAdminService,
    private readonly identity: IdentityService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Pending business invitations, newest first: one per address, not used, not expired, no account yet.' })
  @ApiZodResponse(AdminInvitationListResponse)
  @ApiZodResponse(ErrorResponseSchema, 403, NOT_ADMIN)
  async list(): Promise<{ data: AdminInvitationList }> {
    return { data: await this.customers.invitations() };
  }

  @Post()
  @HttpCode(202)
  @ApiOperation({
    summary: 'Invites a business buyer by e-mail (company, OIB or VAT number, language); the mail leads to accepting with a password.',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(InvitationBody)
  @ApiZodResponse(AcceptedResponse, 202)
  @ApiZodResponse(ErrorResponseSchema, 409, 'USER_EMAIL_TAKEN: the address has an account')
  @ApiZodResponse(ErrorResponseSchema, 422, 'A field is invalid (every invalid field listed)')
  async invite(
    @Req() req: Request,
    @Body(new ZodBody(InvitationBody)) body: Parsed<typeof InvitationBody>,
  ): Promise<{ data: AcceptedView }> {
    await this.identity.invite(operator(req), toInvitation(body, requestLocale(req)));
    return { data: { accepted: true } };
  }

  @Post(':id/resend')
  @HttpCode(202)
  @ApiOperation({ summary: 'Sends the invitation again with a new link (7 days); the old links stop working.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(InvitationIdParams)
  @ApiZodBody(InvitationActionBody)
  @ApiZodResponse(AcceptedResponse, 202)
  @ApiZodResponse(ErrorResponseSchema, 404, 'CUSTOMER_INVITATION_NOT_FOUND: not pending (accepted, withdrawn, expired)')
  async resend(
    @Req() req: Request,
    @Param('id') id: string,
    @Body(new ZodBody(InvitationActionBody)) _body: Parsed<typeof InvitationActionBody>,
  ): Promise<{ data: AcceptedView }> {
    await this.customers.resendInvitation(invitationId(id), operator(req));
    return { data: { accepted: true } };
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Withdraws the invitation: every open link of its address stops working.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(InvitationIdParams)
  @ApiZodBody(InvitationActionBody)
  @ApiZodResponse(AcceptedResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'CUSTOMER_INVITATION_NOT_FOUND: not pending (accepted, withdrawn, expired)')
  async revoke(
    @Req() req: Request,
    @Param('id') id: string,
    @Body(new ZodBody(InvitationActionBody)) _body: Parsed<typeof InvitationActionBody>,
  ): Promise<{ data: AcceptedView }> {
    await this.customers.revokeInvitation(invitationId(id), operator(req));
    return { data: { accepted: true } };
  }
}

function operator(req: Request): Operator {
  return { ...auditActor(req), id: currentUserId(req) };
}

/** The path's account id, or the 422 a malformed one gets. */
function customerId(raw: string): string {
  return parseOrThrow(CustomerIdParams, { id: raw }).id;
}

function invitationId(raw: string): string {
  return parseOrThrow(InvitationIdParams, { id: raw }).id;
}
