import { Controller, Headers, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';
import { MonriCallbackBody, PaymentCallbackParams, PaymentCallbackResponse, PaymentProviderId } from '../../../contract/api/payment.js';
import { inspectRawJson } from '../../platform/http/control-characters.js';
import { ApiZodParams, ApiZodResponse, openApiSchema } from '../../platform/http/zod-validation.openapi.js';
import { PaymentError } from './payment.errors.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';
import { PaymentSettlement } from './settlement/payment-settlement.service.js';

/**
 * The card provider's server-to-server callback (docs/payments.md 'Callback and settlement'), one
 * route for every adapter: `POST /api/payments/{provider}/callback`. `{provider}` must be a provider
 * the shop has an adapter for (PaymentProviderId) and the configured one; any other segment is a 404
 * `PAYMENT_PROVIDER_UNKNOWN` before the body is looked at. A CSRF exemption by method and route pattern, marked `rawBody` (csrf.ts): `req.body` is the body's bytes as sent, and the
 * WP3-callback signature is checked over them before anything is parsed. A refused callback is a
 * 401 and changes nothing; a body with bytes no field may hold (not UTF-8, control characters, an
 * unpaired surrogate, raw or as a JSON escape) is a 400 before anything is parsed or stored. An
 * accepted one is stored with its settlement as an outbox event in one PostgreSQL transaction, then
 * answered 200 whatever the queue's state (the provider repeats a callback until it gets a 200;
 * repeats are stored and settled once).
 */
@ApiTags('payments')
@Controller('api/payments')
export class PaymentCallbackController {
  constructor(
    private readonly settlement: PaymentSettlement,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  @Post(':provider/callback')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "A card provider's callback, checked by its adapter. Monri (`/api/payments/monri/callback`): JSON, `Authorization: WP3-callback <hex SHA-512 of key + raw body>`. 200 when stored; 401 for a missing or bad signature; 404 for a provider that is not the configured one.",
  })
  @ApiZodParams(PaymentCallbackParams)
  @ApiBody({
    schema: openApiSchema(MonriCallbackBody, 'input'),
    description: 'JSON as Monri sends it; verified over the raw bytes before parsing',
  })
  @ApiZodResponse(PaymentCallbackResponse)
  @ApiZodResponse(
    ErrorResponseSchema,
    400,
    'Bytes no field may hold: not UTF-8, a control character or an unpaired surrogate (PAYMENT_CALLBACK_MALFORMED); nothing stored.',
  )
  @ApiZodResponse(ErrorResponseSchema, 401, 'Missing or bad signature, or not a callback (PAYMENT_CALLBACK_UNVERIFIED); nothing stored.')
  @ApiZodResponse(
    ErrorResponseSchema,
    404,
    'No adapter of that name, or not the configured provider (PAYMENT_PROVIDER_UNKNOWN); nothing read or stored.',
  )
  async callback(
    @Req() req: Request,
    @Param('provider') provider: string,
    @Headers('authorization') authorization: string | undefined,
  ): Promise<{ data: { received: true } }> {
    const known = PaymentProviderId.safeParse(provider);
    if (!known.success || known.data !== this.provider.name)
      throw new PaymentError(
        'PAYMENT_PROVIDER_UNKNOWN',
        `no payment provider ${JSON.stringify(provider.slice(0, 60))} takes callbacks here`,
      );
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const [problem] = inspectRawJson(raw);
    if (problem)
      throw new PaymentError('PAYMENT_CALLBACK_MALFORMED', `payment callback refused: ${problem.code} in ${problem.field}`, problem.field);
    const receipt = await this.settlement.receiveCallback(raw, authorization);
    if (!receipt.ok) throw new PaymentError('PAYMENT_CALLBACK_UNVERIFIED', `payment callback refused: ${receipt.reason}`);
    return { data: { received: true } };
  }
}
