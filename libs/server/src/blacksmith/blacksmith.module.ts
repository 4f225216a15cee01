import { Module } from '@nestjs/common';
import { CityCoreModule } from '../city/city-core.module';
import { BlacksmithController } from './blacksmith.controller';
import { BlacksmithService } from './blacksmith.service';

@Module({ imports: [CityCoreModule], controllers: [BlacksmithController], providers: [BlacksmithService] })
export class BlacksmithModule {}
