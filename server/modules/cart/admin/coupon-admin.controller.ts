import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  AdminCouponDetailResponse,
  AdminCouponListQuery,
  AdminCouponListResponse,
  CouponActionBody,
  CouponIdParams,
  CreateCouponBody,
  UpdateCouponBody,
  type AdminCouponDetail,
  type AdminCouponList,
} from '../../../../contract/api/admin-coupons.js';
import { ErrorResponseSchema } from '../../../../contract/api/fields.js';
import { ApiZodBody, ApiZodParams, ApiZodQuery, ApiZodResponse } from '../../../platform/http/zod-validation.openapi.js';
import { parseOrThrow, ZodBody, ZodQuery, type Parsed } from '../../../platform/http/zod-validation.js';
import { auditActor } from '../../../platform/audit/index.js';
import { RequireOperator } from '../../../platform/auth/index.js';
import { CouponAdminService } from './coupon-admin.service.js';

/**
 * The operators' coupon API (admin only: capability `coupons.manage` of the operator policy, which
 * staff lack; docs/admin.md 'Coupons API'). Every answer is private and never cached; a mutation
 * needs the CSRF token like every other and is written to the audit log in its own transaction.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/coupons')
@UseGuards(RequireOperator)
export class CouponAdminController {
  constructor(private readonly admin: CouponAdminService) {}

  @Get()
  @ApiOperation({
    summary: 'Coupons for operators, 25 a page: part of a code, a ready-made view by state, a sort (newest first by default).',
  })
  @ApiZodQuery(AdminCouponListQuery)
  @ApiZodResponse(AdminCouponListResponse)
  @ApiZodResponse(ErrorResponseSchema, 401, 'Not signed in (AUTH_REQUIRED)')
  @ApiZodResponse(ErrorResponseSchema, 403, 'Not an admin: staff and customers (AUTH_FORBIDDEN)')
  @ApiZodResponse(ErrorResponseSchema, 422, 'COUPON_FILTER_INVALID: an unknown filter, sort or page')
  async list(@Query(new ZodQuery(AdminCouponListQuery)) query: Parsed<typeof AdminCouponListQuery>): Promise<{ data: AdminCouponList }> {
    return { data: await this.admin.list(query) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One coupon: all its fields, its state and its usage figures (from the orders that redeemed it).' })
  @ApiZodParams(CouponIdParams)
  @ApiZodResponse(AdminCouponDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such coupon (COUPON_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 422, 'COUPON_ID_INVALID: the id is no uuid')
  async detail(@Param('id') id: string): Promise<{ data: AdminCouponDetail }> {
    return { data: await this.admin.detail(couponId(id)) };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Creates a coupon. The code is stored upper case and must be free whatever the case.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(CreateCouponBody)
  @ApiZodResponse(AdminCouponDetailResponse, 201)
  @ApiZodResponse(ErrorResponseSchema, 409, 'COUPON_CODE_TAKEN: another coupon has this code')
  @ApiZodResponse(ErrorResponseSchema, 422, 'A field is invalid (every invalid field listed)')
  async create(
    @Req() req: Request,
    @Body(new ZodBody(CreateCouponBody)) body: Parsed<typeof CreateCouponBody>,
  ): Promise<{ data: AdminCouponDetail }> {
    return { data: await this.admin.create(body, auditActor(req)) };
  }

  @Patch(':id')
  @ApiOperation({
    summary:
      'Changes the fields sent (null clears an optional one). Once an order used the coupon, its code, kind, percent and amount are locked (409 COUPON_LOCKED); dates, minimum, limits and who may use it stay editable.',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(CouponIdParams)
  @ApiZodBody(UpdateCouponBody)
  @ApiZodResponse(AdminCouponDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such coupon (COUPON_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 409, 'COUPON_CODE_TAKEN, COUPON_LOCKED')
  @ApiZodResponse(ErrorResponseSchema, 422, 'A field is invalid, or the coupon it would make is (e.g. COUPON_VALIDITY_ORDER)')
  async update(
    @Req() req: Request,
    @Param('id') id: string,
    @Body(new ZodBody(UpdateCouponBody)) body: Parsed<typeof UpdateCouponBody>,
  ): Promise<{ data: AdminCouponDetail }> {
    return { data: await this.admin.update(couponId(id), body, auditActor(req)) };
  }

  @Post(':id/disable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Switches the coupon off: shoppers get COUPON_DISABLED in the cart and at checkout. Twice changes nothing.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(CouponIdParams)
  @ApiZodBody(CouponActionBody)
  @ApiZodResponse(AdminCouponDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such coupon (COUPON_NOT_FOUND)')
  async disable(
    @Req() req: Request,
    @Param('id') id: string,
    @Body(new ZodBody(CouponActionBody)) _body: Parsed<typeof CouponActionBody>,
  ): Promise<{ data: AdminCouponDetail }> {
    return { data: await this.admin.setDisabled(couponId(id), true, auditActor(req)) };
  }

  @Post(':id/enable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Switches a disabled coupon on again. Twice changes nothing.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(CouponIdParams)
  @ApiZodBody(CouponActionBody)
  @ApiZodResponse(AdminCouponDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such coupon (COUPON_NOT_FOUND)')
  async enable(
    @Req() req: Request,
    @Param('id') id: string,
    @Body(new ZodBody(CouponActionBody)) _body: Parsed<typeof CouponActionBody>,
  ): Promise<{ data: AdminCouponDetail }> {
    return { data: await this.admin.setDisabled(couponId(id), false, auditActor(req)) };
  }
}

/** The path's coupon id, or the 422 a malformed one gets. */
function couponId(raw: string): string {
  return parseOrThrow(CouponIdParams, { id: raw }).id;
}
