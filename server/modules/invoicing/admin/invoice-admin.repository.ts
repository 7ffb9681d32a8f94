import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The operators' reads of the invoice tables that the core repository does not answer. */
@Injectable()
export class InvoiceAdminRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Invoices issued before `cutoff` and still without a JIR (the list's banner; law art. 21). */
  async withoutJirSince(cutoff: Date): Promise<number> {
    const [row] = (await this.db.query(`SELECT count(*)::int AS n FROM invoice WHERE jir IS NULL AND issued_at < $1`, [cutoff])) as Array<{
      n: number;
    }>;
    return Number(row!.n);
  }
}
