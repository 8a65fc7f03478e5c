// auth's public surface: what other modules and the app's wiring may use. Its entity classes are
// the other entry, ./entities (see docs/architecture.md, "Server layers").
export { AuthModule } from './auth.module';
export { AuthController } from './auth.controller';
export { AuthService } from './auth.service';
export { AuthError, AuthErrorCode } from './auth.errors';
export {
  DELETED_ACCOUNT_DOMAIN,
  isDeletedAccount,
  UsersService,
  userSnapshot,
  type ProfileChanges,
} from './users.service';
export { CurrentAccount } from './current-account.decorator';
export { ChangeInfoUserDto } from './dto/change-info-user.dto';
export { RegisterDto } from './dto/register.dto';
export { RequiredEmail } from './dto/account-fields';
export { UserDto, UserResponseDto, toUserDto } from './dto/user.dto';
