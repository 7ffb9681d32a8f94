import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Users, single-use link tokens (activation, magic link, password reset, invitation), refresh
 * tokens (hashed, in families), birthday benefits (one per user and year) and the PostgreSQL
 * store of the rate limiter (used when there is no Redis).
 */
export class Identity1795900000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE app_user (
        id uuid PRIMARY KEY,
        email text NOT NULL CHECK (email = lower(btrim(email)) AND email LIKE '%_@_%'),
        username text,
        password_hash text,
        status text NOT NULL CHECK (status IN ('pending', 'active')),
        role text NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'business', 'admin')),
        locale text NOT NULL DEFAULT 'hr' CHECK (locale IN ('hr', 'en', 'de', 'sl')),
        first_name text NOT NULL,
        last_name text NOT NULL,
        birth_date date,
        phone text,
        address text,
        city text,
        zip_code text,
        country char(2) CHECK (country ~ '^[A-Z]{2}$'),
        company_name text,
        vat_number text,
        company_address text,
        billing_same_as_delivery boolean NOT NULL DEFAULT true,
        billing_address text,
        billing_city text,
        billing_zip_code text,
        billing_country char(2) CHECK (billing_country ~ '^[A-Z]{2}$'),
        google_subject text,
        terms_accepted_at timestamptz,
        terms_version text,
        newsletter_consent_at timestamptz,
        newsletter_consent_version text,
        activated_at timestamptz,
        password_changed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'active') = (activated_at IS NOT NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX app_user_email_key ON app_user (email)`);
    await q.query(`CREATE UNIQUE INDEX app_user_username_key ON app_user (lower(username)) WHERE username IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX app_user_google_subject_key ON app_user (google_subject) WHERE google_subject IS NOT NULL`);
    // the birthday job looks users up by month and day
    await q.query(
      `CREATE INDEX app_user_birthday_idx ON app_user (extract(month FROM birth_date), extract(day FROM birth_date)) WHERE status = 'active'`,
    );

    await q.query(`
      CREATE TABLE user_token (
        id uuid PRIMARY KEY,
        purpose text NOT NULL CHECK (purpose IN ('activation', 'magic_link', 'password_reset', 'invitation')),
        user_id uuid REFERENCES app_user (id) ON DELETE CASCADE,
        token_hash text NOT NULL,
        data jsonb NOT NULL DEFAULT '{}',
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX user_token_hash_key ON user_token (token_hash)`);
    await q.query(`CREATE INDEX user_token_user_idx ON user_token (user_id, purpose)`);
    await q.query(`CREATE INDEX user_token_expires_idx ON user_token (expires_at)`);

    await q.query(`
      CREATE TABLE refresh_token (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        family_id uuid NOT NULL,
        token_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX refresh_token_hash_key ON refresh_token (token_hash)`);
    await q.query(`CREATE INDEX refresh_token_family_idx ON refresh_token (family_id)`);
    await q.query(`CREATE INDEX refresh_token_user_idx ON refresh_token (user_id) WHERE revoked_at IS NULL`);

    await q.query(`
      CREATE TABLE birthday_benefit (
        user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        year integer NOT NULL,
        coupon_code text NOT NULL,
        granted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, year)
      )`);

    // rate-limiter-flexible's table (RateLimiterPostgres, tableCreated: true)
    await q.query(`CREATE TABLE rate_limit (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rate_limit`);
    await q.query(`DROP TABLE birthday_benefit`);
    await q.query(`DROP TABLE refresh_token`);
    await q.query(`DROP TABLE user_token`);
    await q.query(`DROP TABLE app_user`);
  }
}
