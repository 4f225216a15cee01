import { Module } from '@nestjs/common';
import { AllianceChatLinesModule } from '../alliance-chat/chat-lines.module';
import { LedgerModule } from '../ledger/ledger.module';
import { AllianceController } from './alliance.controller';
import { AllianceMembershipService } from './alliance-membership.service';
import { AllianceService } from './alliance.service';

@Module({
  imports: [LedgerModule, AllianceChatLinesModule],
  controllers: [AllianceController],
  providers: [AllianceService, AllianceMembershipService],
  exports: [AllianceService, AllianceMembershipService],
})
export class AllianceModule {}
