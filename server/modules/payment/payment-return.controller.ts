import { Controller, Get, Inject, Logger, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { PaymentError } from './payment.errors.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';
import { PAYMENT_RETURN_PATH, PaymentService } from './payment.service.js';

/**
 * The browser's way back from the hosted page (docs/payments.md 'Return'). The provider was given
 * `PAYMENT_RETURN_PATH/<reference>/success|cancel`, a URL without a query of its own, and appends
 * `?` and its signed parameters. The digest is checked over the URL exactly as requested, but the
 * answer is the same either way: a 303 to the shop's success or failure page of the attempt's
 * order (stored with the attempt; it shows the order's state, it settles nothing). A reference no
 * attempt has is a 404.
 */
@ApiTags('payments')
@Controller(PAYMENT_RETURN_PATH.replace(/^\//, ''))
export class PaymentReturnController {
  private readonly logger = new Logger('payment');

  constructor(
    private readonly payments: PaymentService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':reference/:outcome')
  @ApiOperation({
    summary: "The browser's return from Monri's page: 303 to the order's payment success or failure page; 404 for an unknown reference.",
  })
  @ApiResponse({ status: 303, description: "To the order's payment success or failure page (`?order=&token=`)" })
  @ApiResponse({
    status: 404,
    description: 'PAYMENT_RETURN_UNKNOWN: no attempt has this reference, or the outcome is neither success nor cancel',
  })
  async back(
    @Param('reference') reference: string,
    @Param('outcome') outcome: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    if ((outcome !== 'success' && outcome !== 'cancel') || !/^[A-Za-z0-9_-]{1,40}$/.test(reference)) {
      throw new PaymentError('PAYMENT_RETURN_UNKNOWN', `no payment return ${reference}/${outcome}`);
    }
    const page = await this.payments.returnPage(reference, outcome);
    if (!page) throw new PaymentError('PAYMENT_RETURN_UNKNOWN', `no payment attempt ${reference}`);
    const verified = this.provider.verifyReturn(`${this.config.http.publicUrl}${req.originalUrl}`);
    if (!verified.ok) {
      // Monri may send the browser to the cancel URL unsigned; either way the page only shows the order's state.
      if (outcome === 'success' || verified.reason !== 'missing_signature')
        this.logger.warn(`payment return ${reference}/${outcome} not verified (${verified.reason}); sent to the page all the same`);
    } else if (verified.value.orderNumber !== reference) {
      this.logger.warn(`payment return ${reference}/${outcome} is signed for ${verified.value.orderNumber}; sent to the page all the same`);
    }
    res.set('Cache-Control', 'no-store').redirect(303, page);
  }
}
