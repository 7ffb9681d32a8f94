import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';
import { MonriCallbackBody, PaymentCallbackResponse } from '../../../contract/api/payment.js';
import { inspectRawJson } from '../../platform/http/control-characters.js';
import { ApiZodResponse, openApiSchema } from '../../platform/http/zod-validation.openapi.js';
import { PaymentError } from './payment.errors.js';
import { PaymentSettlement } from './settlement/payment-settlement.service.js';

/**
 * The card provider's server-to-server callback (docs/payments.md 'Callback and settlement'). An
 * exact CSRF exemption marked `rawBody` (csrf.ts): `req.body` is the body's bytes as sent, and the
 * WP3-callback signature is checked over them before anything is parsed. A refused callback is a
 * 401 and changes nothing; a body with bytes no field may hold (not UTF-8, control characters, an
 * unpaired surrogate, raw or as a JSON escape) is a 400 before anything is parsed or stored. An
 * accepted one is stored with its settlement as an outbox event in one PostgreSQL transaction, then
 * answered 200 whatever the queue's state (the provider repeats a callback until it gets a 200;
 * repeats are stored and settled once).
 */
@ApiTags('payments')
@Controller('api/payments/monri')
export class PaymentCallbackController {
  constructor(private readonly settlement: PaymentSettlement) {}

  @Post('callback')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Monri's callback: JSON, `Authorization: WP3-callback <hex SHA-512 of key + raw body>`. 200 when stored; 401 for a missing or bad signature.",
  })
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
  async callback(@Req() req: Request, @Headers('authorization') authorization: string | undefined): Promise<{ data: { received: true } }> {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const [problem] = inspectRawJson(raw);
    if (problem)
      throw new PaymentError('PAYMENT_CALLBACK_MALFORMED', `payment callback refused: ${problem.code} in ${problem.field}`, problem.field);
    const receipt = await this.settlement.receiveCallback(raw, authorization);
    if (!receipt.ok) throw new PaymentError('PAYMENT_CALLBACK_UNVERIFIED', `payment callback refused: ${receipt.reason}`);
    return { data: { received: true } };
  }
}
