import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('sessions')
export class Session {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: number;

  /** SHA-256 of the bearer token: a leaked table holds no usable token. */
  @Column({ name: 'token_hash', type: 'bytea', unique: true })
  tokenHash: Buffer;

  @Column({ name: 'player_id', type: 'bigint' })
  playerId: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
