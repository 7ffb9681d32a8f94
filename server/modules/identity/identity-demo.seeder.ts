import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { Seeder, type DemoSeeder } from '../../platform/database/index.js';
import { hashPassword } from './password.js';
import { User } from './user.entity.js';

/** Demo accounts for development (never in production: demo data is off there). */
export const DEMO_ACCOUNTS = [
  { email: 'kupac@zlatnozrno.test', password: 'tjestenina', role: 'customer', firstName: 'Ana', lastName: 'Horvat' },
  { email: 'operater@zlatnozrno.test', password: 'operater-demo', role: 'admin', firstName: 'Ivo', lastName: 'Kovač' },
  { email: 'osoblje@zlatnozrno.test', password: 'osoblje-demo', role: 'staff', firstName: 'Mara', lastName: 'Babić' },
] as const;

@Injectable()
@Seeder('identity-demo-accounts', 30)
export class IdentityDemoSeeder implements DemoSeeder {
  async seed(m: EntityManager): Promise<void> {
    const now = new Date();
    for (const a of DEMO_ACCOUNTS) {
      await m.insert(User, {
        id: randomUUID(),
        email: a.email,
        username: null,
        passwordHash: await hashPassword(a.password),
        status: 'active',
        role: a.role,
        locale: 'hr',
        firstName: a.firstName,
        lastName: a.lastName,
        birthDate: null,
        country: 'HR',
        billingSameAsDelivery: true,
        termsAcceptedAt: now,
        termsVersion: '2026-01',
        activatedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
}
