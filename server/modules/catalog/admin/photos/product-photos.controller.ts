import {
  Body,
  CallHandler,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpException,
  Injectable,
  Param,
  Patch,
  Post,
  Req,
  UploadedFile,
  UseGuards,
  UseInterceptors,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { catchError, type Observable } from 'rxjs';
import {
  AdminPhotoListResponse,
  AdminPhotoParams,
  MAX_PHOTO_BYTES,
  PhotoChangesBody,
  PhotoUploadFields,
  type AdminPhotoList,
} from '../../../../../contract/api/admin-photos.js';
import { AdminProductParams } from '../../../../../contract/api/admin-catalog.js';
import { ErrorResponseSchema } from '../../../../../contract/api/fields.js';
import { auditActor } from '../../../../platform/audit/index.js';
import { RequireOperator } from '../../../../platform/auth/index.js';
import { DomainError } from '../../../../platform/http/domain-error.js';
import { ApiZodBody, ApiZodParams, ApiZodResponse } from '../../../../platform/http/zod-validation.openapi.js';
import { parseOrThrow, ZodBody, type Parsed } from '../../../../platform/http/zod-validation.js';
import { requestLocale } from '../../../../platform/i18n/index.js';
import { MEDIA_ERRORS } from '../../../../platform/media/index.js';
import { ProductPhotosService } from './product-photos.service.js';

/**
 * The upload's own refusals in the shop's error shape: multer's size limit (413) and a body that is
 * no single file field (400), localized like every other error.
 */
@Injectable()
class UploadRefusals implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof HttpException && error.getStatus() === 413)
          throw new DomainError(MEDIA_ERRORS.TOO_LARGE, 'The photo is larger than 15 MB.', 'too_large', 'file');
        if (error instanceof HttpException && error.getStatus() === 400)
          throw new DomainError(MEDIA_ERRORS.FILE_MISSING, 'Send one photo in the field "file".', 'malformed', 'file');
        throw error;
      }),
    );
  }
}

const AUTH_ANSWERS = [
  ApiZodResponse(ErrorResponseSchema, 401, 'Not signed in (AUTH_REQUIRED)'),
  ApiZodResponse(ErrorResponseSchema, 403, 'A role this route does not allow (AUTH_FORBIDDEN)'),
  ApiZodResponse(ErrorResponseSchema, 404, 'No such product or photo (CATALOG_PRODUCT_NOT_FOUND, CATALOG_PHOTO_NOT_FOUND)'),
];
function withAuthAnswers(): MethodDecorator {
  return (target, key, descriptor) => {
    for (const d of AUTH_ANSWERS) d(target, key, descriptor);
  };
}

const productCode = (code: string) => parseOrThrow(AdminProductParams, { code }).code;

/**
 * A product's photos (docs/admin.md 'Photos'): reading `content.read`, changing `content.write`
 * (admin and staff; operator-policy.ts). Every answer is the product's photos as they are after the
 * change, `Cache-Control: no-store` like the whole API.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/products')
@UseGuards(RequireOperator)
export class ProductPhotosController {
  constructor(private readonly photos: ProductPhotosService) {}

  @Get(':code/photos')
  @ApiOperation({ summary: "A product's photos in order, with their sizes, focal point and alt text per language." })
  @ApiZodParams(AdminProductParams)
  @ApiZodResponse(AdminPhotoListResponse)
  @withAuthAnswers()
  @ApiZodResponse(ErrorResponseSchema, 422, 'A malformed code (CATALOG_CODE_INVALID)')
  async list(@Req() req: Request, @Param('code') code: string): Promise<{ data: AdminPhotoList }> {
    return { data: await this.photos.list(productCode(code), requestLocale(req)) };
  }

  @Post(':code/photos')
  @HttpCode(201)
  @UseInterceptors(
    UploadRefusals,
    FileInterceptor('file', { limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 4, fieldSize: 64, parts: 6 } }),
  )
  @ApiOperation({
    summary:
      'Uploads a photo (multipart/form-data: `file`, optional `focal_x`, `focal_y`): JPEG, PNG, WebP or AVIF up to 15 MB, oriented by its EXIF, stripped of all metadata (GPS), kept and resized to 320/640/960/1280 px in AVIF, WebP and JPEG. Added last.',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' }, focal_x: { type: 'number' }, focal_y: { type: 'number' } },
    },
  })
  @ApiZodParams(AdminProductParams)
  @ApiZodResponse(AdminPhotoListResponse, 201, 'Stored; the product photos after the upload')
  @withAuthAnswers()
  @ApiZodResponse(ErrorResponseSchema, 400, 'No file in the field `file` (MEDIA_FILE_MISSING)')
  @ApiZodResponse(ErrorResponseSchema, 409, 'The product has the most photos it may have (CATALOG_PHOTO_LIMIT)')
  @ApiZodResponse(ErrorResponseSchema, 413, 'Larger than 15 MB (MEDIA_TOO_LARGE)')
  @ApiZodResponse(
    ErrorResponseSchema,
    422,
    'MEDIA_NOT_AN_IMAGE / MEDIA_HEIC_UNSUPPORTED / MEDIA_TOO_MANY_PIXELS / MEDIA_UNREADABLE / MEDIA_FOCAL_INVALID',
  )
  async upload(
    @Req() req: Request,
    @Param('code') code: string,
    @UploadedFile() file: { buffer: Buffer } | undefined,
  ): Promise<{ data: AdminPhotoList }> {
    const valid = productCode(code);
    const fields = parseOrThrow(PhotoUploadFields, req.body ?? {});
    if (!file?.buffer?.length) throw new DomainError(MEDIA_ERRORS.FILE_MISSING, 'Send one photo in the field "file".', 'malformed', 'file');
    const focal =
      fields.focal_x !== undefined || fields.focal_y !== undefined ? { x: fields.focal_x ?? 0.5, y: fields.focal_y ?? 0.5 } : undefined;
    const { list } = await this.photos.upload(valid, file.buffer, focal, auditActor(req), requestLocale(req));
    return { data: list };
  }

  @Patch(':code/photos')
  @ApiOperation({
    summary:
      "Saves the photos screen's changes in one transaction: `order` (every photo id, first shown first), alt texts per language and focal points.",
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(AdminProductParams)
  @ApiZodBody(PhotoChangesBody)
  @ApiZodResponse(AdminPhotoListResponse)
  @withAuthAnswers()
  @ApiZodResponse(
    ErrorResponseSchema,
    422,
    'CATALOG_PHOTO_ORDER_INVALID / CATALOG_PHOTO_ALT_TOO_LONG / MEDIA_FOCAL_INVALID / an invalid value',
  )
  async change(
    @Req() req: Request,
    @Param('code') code: string,
    @Body(new ZodBody(PhotoChangesBody)) body: Parsed<typeof PhotoChangesBody>,
  ): Promise<{ data: AdminPhotoList }> {
    return { data: await this.photos.change(productCode(code), body, auditActor(req), requestLocale(req)) };
  }

  @Delete(':code/photos/:id')
  @ApiOperation({ summary: 'Removes a photo; the ones after it move up.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(AdminPhotoParams)
  @ApiZodResponse(AdminPhotoListResponse)
  @withAuthAnswers()
  @ApiZodResponse(ErrorResponseSchema, 422, 'A malformed code or photo id')
  async remove(@Req() req: Request, @Param('code') code: string, @Param('id') id: string): Promise<{ data: AdminPhotoList }> {
    const valid = parseOrThrow(AdminPhotoParams, { code, id });
    return { data: await this.photos.remove(valid.code, valid.id, auditActor(req), requestLocale(req)) };
  }
}
