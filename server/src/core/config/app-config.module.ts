import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { AppConfig } from './app-config';

/**
 * Registers the validated configuration with @nestjs/config and lets services
 * inject it by type: `constructor(private readonly config: AppConfig)`.
 */
@Global()
@Module({})
export class AppConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppConfigModule,
      imports: [ConfigModule.forRoot({ ignoreEnvFile: true, load: [() => ({ app: config })] })],
      providers: [
        {
          provide: AppConfig,
          inject: [ConfigService],
          useFactory: (configService: ConfigService<{ app: AppConfig }, true>) =>
            configService.get('app', { infer: true }),
        },
      ],
      exports: [AppConfig],
    };
  }
}
