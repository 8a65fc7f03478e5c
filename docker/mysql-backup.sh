#!/usr/bin/env bash
# Backups of the compose stack's MySQL database; the `backup` service runs it (image mysql:8.4).
#
#   pilates-backup loop                  back up now, then every BACKUP_INTERVAL_HOURS (default 24)
#   pilates-backup once                  one backup now
#   pilates-backup restore FILE --yes    replace the database with FILE (stop the app first)
#   pilates-backup before-upgrade        one backup named <database>-before-upgrade-<stamp> (compose runs it
#                                        before the migrations of every `up`), never rotated away by `once`
#   pilates-backup drill                 the restore drill now (the loop runs it by itself monthly)
#
# Off-site (when RESTIC_REPOSITORY is set): after each backup, the dump, its photos and the app's secrets
# (DATA_DIR/jwt-secret) go to the S3-compatible bucket with restic (encrypted with RESTIC_PASSWORD),
# in the layout `npm run backup:offsite` writes (so `npm run restore:offsite` and `npm run backup:drill`
# read them); then `restic forget --prune` with OFFSITE_KEEP_DAILY/WEEKLY/MONTHLY (7/4/12), and
# `restic check` every OFFSITE_CHECK_DAYS (7). The outcome goes to /app-data/status/offsite-backup.json,
# which the app reads (metrics, the owner's alerts).
#
# The restore drill (the loop runs it after the first off-site backup RESTORE_DRILL_DAYS (30) days after the
# last drill that passed; a failed one is tried again with the next backup): the newest off-site snapshot is
# restored into the scratch database <database>_drill on the same server, checked like `npm run backup:drill`
# checks it (migrations at the live database's head, which the running app migrated to; the counts of users,
# plans, plans sold, reservations and payments within the day's changes; the owner's account, ADMIN_EMAIL,
# readable), and dropped. The outcome goes to /app-data/status/restore-drill.json: the app mails it to the owner
# and shows it on the dashboard. The app's MySQL user owns only its database, so the scratch one is made by
# DRILL_DB_USER (compose: root, its password in DRILL_DB_PASSWORD).
#
# Files are /backups/<database>-<UTC stamp>.sql.gz, the names and format of `npm run backup`, so
# `npm run restore` takes them too; the newest BACKUP_KEEP (default 14) are kept. Beside each, the
# folder <name>.photos holds the app's DATA_DIR/photos (mounted at PHOTOS_DIR, default /app-data/photos).
# The password comes in MYSQL_PWD (read by the MySQL tools), never on a command line.
set -euo pipefail

db="${MYSQL_DATABASE:?MYSQL_DATABASE is not set}"
dir="${BACKUP_DIR:-/backups}"
keep="${BACKUP_KEEP:-14}"
photos="${PHOTOS_DIR:-/app-data/photos}"
conn=(--host="${DB_HOST:-mysql}" --port="${DB_PORT:-3306}" --user="${DB_USER:?DB_USER is not set}"
  --protocol=TCP --default-character-set=utf8mb4)

stamp() { date -u +%Y%m%dT%H%M%SZ; }

# restic reads RESTIC_CACERT (a private endpoint's CA) itself only from 0.15 on: passed as the option too.
restic() { command restic ${RESTIC_CACERT:+--cacert "$RESTIC_CACERT"} "$@"; }

# copy_photos FROM TO: TO becomes a copy of the folder FROM (empty when FROM does not exist), whole or not at all.
copy_photos() {
  local from=$1 to=$2
  rm -rf "$to.partial"
  mkdir -p "$to.partial"
  if [[ -d "$from" ]]; then cp -a "$from/." "$to.partial/"; fi
  rm -rf "$to"
  mv "$to.partial" "$to"
}

# dump FILE: a consistent, gzip'd dump of the database (no CREATE DATABASE: restorable into any schema).
dump() {
  local file=$1 extra=()
  if [[ -e "$file" ]]; then
    echo "$file already exists; try again in a second" >&2
    return 1
  fi
  # Oracle's mysqldump would write GTID_PURGED, which a restore elsewhere cannot run; MariaDB's has no such option.
  if [[ "$(mysqldump --version)" != *MariaDB* ]]; then extra=(--set-gtid-purged=OFF); fi
  mkdir -p "$dir"
  if mysqldump "${conn[@]}" --single-transaction --routines --triggers --no-tablespaces --hex-blob "${extra[@]}" \
    "$db" | gzip >"$file.partial"; then
    mv "$file.partial" "$file"
  else
    rm -f "$file.partial"
    echo "Backup of $db FAILED" >&2
    return 1
  fi
}

iso_now() { date -u +%Y-%m-%dT%H:%M:%S.000Z; }
offsite_sent=0

json_string() { if [[ -n "$1" ]]; then printf '"%s"' "$1"; else printf null; fi; }

# write_status ok|failed ERROR: /app-data/status/offsite-backup.json (read by the app), whole or not at all.
write_status() {
  local status_dir="${STATUS_DIR:-/app-data/status}" last_success last_check failure=null error=null
  mkdir -p "$status_dir" && chmod 755 "$status_dir"
  last_success=$(cat "$dir/.offsite-last-success" 2>/dev/null || true)
  last_check=$(cat "$dir/.offsite-last-check" 2>/dev/null || true)
  if [[ "$1" != ok ]]; then
    failure=$(json_string "$(iso_now)")
    error=$(json_string "$(printf '%s' "$2" | tr -d '"\\' | head -c 300)")
  fi
  printf '{"lastSuccessAt":%s,"lastCheckAt":%s,"lastFailureAt":%s,"lastError":%s}\n' \
    "$(json_string "$last_success")" "$(json_string "$last_check")" "$failure" "$error" \
    >"$status_dir/offsite-backup.json.partial"
  chmod 644 "$status_dir/offsite-backup.json.partial"
  mv "$status_dir/offsite-backup.json.partial" "$status_dir/offsite-backup.json"
}

# offsite FILE: FILE, its photos and the secrets to RESTIC_REPOSITORY; retention; the weekly check.
offsite() {
  local file=$1 stage="$dir/offsite-stage" now last_check secrets="${SECRETS_DIR:-/app-data}"
  [[ -n "${RESTIC_REPOSITORY:-}" ]] || return 0
  # Called as an `if` condition, where `set -e` does not apply: every step says `|| return 1`.
  rm -rf "$stage" && mkdir -p "$stage/secrets" && chmod 700 "$stage" || return 1
  cp "$file" "$stage/database.sql.gz" || return 1
  cp -a "${file%.sql.gz}.photos" "$stage/database.photos" || return 1
  if [[ -f "$secrets/jwt-secret" ]]; then cp "$secrets/jwt-secret" "$stage/secrets/" || return 1; fi
  restic cat config >/dev/null 2>&1 || restic init || return 1
  (cd "$stage" && restic backup --tag pilates --host pilates .) || return 1
  restic forget --prune --tag pilates --keep-daily "${OFFSITE_KEEP_DAILY:-7}" \
    --keep-weekly "${OFFSITE_KEEP_WEEKLY:-4}" --keep-monthly "${OFFSITE_KEEP_MONTHLY:-12}" || return 1
  now=$(date -u +%s)
  last_check=$(cat "$dir/.offsite-last-check-epoch" 2>/dev/null || echo 0)
  if ((now - last_check >= ${OFFSITE_CHECK_DAYS:-7} * 86400)); then
    restic check || return 1
    echo "$now" >"$dir/.offsite-last-check-epoch"
    iso_now >"$dir/.offsite-last-check"
  fi
  rm -rf "$stage"
  iso_now >"$dir/.offsite-last-success"
  echo "Off-site backup sent to $RESTIC_REPOSITORY"
}

backup_once() {
  local file
  file="$dir/$db-${1:-}$(stamp).sql.gz"
  dump "$file"
  echo "Backup written: $file ($(du -h "$file" | cut -f1))"
  # The photos after the dump: a photo it names was written before it (files are never changed).
  copy_photos "$photos" "${file%.sql.gz}.photos"
  echo "Photos copied: ${file%.sql.gz}.photos"
  if [[ -n "${RESTIC_REPOSITORY:-}" ]]; then
    if offsite "$file"; then
      write_status ok
      offsite_sent=1
    else
      write_status failed "restic failed for $file"
      echo "Off-site backup FAILED" >&2
    fi
  fi
  [[ -z "${1:-}" ]] || return 0
  # Rotation: only regular backups of this database, oldest first (the glob sorts by name = by time).
  local backups=() name
  for name in "$dir/$db"-*.sql.gz; do
    [[ "$(basename "$name")" =~ ^.+-[0-9]{8}T[0-9]{6}Z\.sql\.gz$ && "$(basename "$name")" != *-before-restore-* &&
      "$(basename "$name")" != *-before-upgrade-* ]] &&
      backups+=("$name")
  done
  local excess=$((${#backups[@]} - keep)) i
  for ((i = 0; i < excess; i++)); do
    rm -f "${backups[i]}"
    rm -rf "${backups[i]%.sql.gz}.photos"
    echo "Removed old backup: ${backups[i]}"
  done
}

restore() {
  local file=${1:-} confirm=${2:-}
  [[ -n "$file" && -f "$file" ]] || { echo "usage: pilates-backup restore /backups/<file>.sql.gz --yes" >&2; exit 1; }
  gzip -t "$file" || { echo "$file is not a sound .gz file" >&2; exit 1; }
  [[ "$(gunzip -c "$file" | tail -c 200)" == *"-- Dump completed"* ]] ||
    { echo "$file is incomplete (no \"-- Dump completed\" at its end)" >&2; exit 1; }
  echo "Restore $file into $db. Stop the app first: every table of $db is dropped and reloaded."
  [[ "$confirm" == --yes ]] || { echo "Nothing changed: run again with --yes to go ahead." >&2; exit 1; }
  local saved tables
  saved="$dir/$db-before-restore-$(stamp).sql.gz"
  dump "$saved"
  copy_photos "$photos" "${saved%.sql.gz}.photos"
  echo "Current database saved to $saved"
  if [[ -d "${file%.sql.gz}.photos" ]]; then
    copy_photos "${file%.sql.gz}.photos" "$photos"
    echo "Photos restored from ${file%.sql.gz}.photos"
  else
    echo "No photos folder beside the backup: $photos is left as it is."
  fi
  tables=$(mysql "${conn[@]}" --batch --skip-column-names -e "SET SESSION group_concat_max_len = 1000000;
    SELECT GROUP_CONCAT(CONCAT('\`', REPLACE(table_name, '\`', '\`\`'), '\`')) FROM information_schema.tables
    WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'" "$db")
  {
    echo 'SET FOREIGN_KEY_CHECKS = 0;'
    [[ "$tables" == NULL || -z "$tables" ]] || echo "DROP TABLE IF EXISTS $tables;"
    echo 'SET FOREIGN_KEY_CHECKS = 1;'
    gunzip -c "$file"
  } | mysql "${conn[@]}" "$db"
  echo 'Restored. Start the app: it runs any newer migrations at start.'
}

# The drill's MySQL client: DRILL_DB_USER (with DRILL_DB_PASSWORD), or the backup's own user.
drill_mysql() {
  MYSQL_PWD="${DRILL_DB_PASSWORD:-${MYSQL_PWD:-}}" mysql --host="${DB_HOST:-mysql}" --port="${DB_PORT:-3306}" \
    --user="${DRILL_DB_USER:-$DB_USER}" --protocol=TCP --default-character-set=utf8mb4 "$@"
}

# restic_error FILE: the line of restic's messages that says what went wrong.
restic_error() {
  local line last=''
  while IFS= read -r line; do
    [[ "$line" != Fatal* ]] || { printf '%s' "$line"; return 0; }
    last=$line
  done <"$1"
  printf '%s' "$last"
}

# drill_value DATABASE SQL: the one value SQL answers.
drill_value() { drill_mysql --batch --skip-column-names -e "$2" "$1"; }

# drill_fail MESSAGE: says why the drill failed, as the last line of drill_checks' output; returns 1.
drill_fail() {
  printf '%s\n' "$1"
  return 1
}

# drill_checks WORK SCRATCH: restores the newest snapshot under WORK into the database SCRATCH and checks it;
# its last line of output is the report, or why it failed. Called left of `||`, where `set -e` does not
# apply: every step says `|| drill_fail … || return 1`.
drill_checks() {
  local work=$1 scratch=$2 json id='' time='' epoch file since lines table copy live recent email applied head
  email=$(printf '%s' "${ADMIN_EMAIL:-admin@estudio.local}" | tr '[:upper:]' '[:lower:]' | tr -d '[:space:]')
  [[ "$email" =~ ^[A-Za-z0-9._%+@-]+$ ]] || drill_fail "ADMIN_EMAIL is not an e-mail address: $email" || return 1
  json=$(restic snapshots --json --tag pilates latest 2>"$work.err") ||
    drill_fail "restic snapshots failed: $(restic_error "$work.err")" || return 1
  # No jq in the image: the one snapshot's fields read with bash's own patterns.
  [[ "$json" =~ \"short_id\":\"([0-9a-f]+)\" ]] && id=${BASH_REMATCH[1]} &&
    [[ "$json" =~ \"time\":\"([^\"]+)\" ]] && time=${BASH_REMATCH[1]} ||
    drill_fail 'the off-site repository holds no snapshot yet' || return 1
  epoch=$(date -u -d "$time" +%s) || drill_fail "snapshot $id: unreadable time $time" || return 1
  restic restore "$id" --target "$work" >/dev/null 2>"$work.err" ||
    drill_fail "restic restore $id failed: $(restic_error "$work.err")" || return 1
  # restic recreates the absolute path it backed up (…/offsite-stage/database.sql.gz).
  shopt -s globstar nullglob
  local found=("$work"/**/database.sql.gz)
  file=${found[0]:-}
  [[ -n "$file" ]] || drill_fail "snapshot $id holds no database.sql.gz (a SQLite site's backup?)" || return 1
  [[ "$(gunzip -c "$file" | tail -c 200)" == *"-- Dump completed"* ]] ||
    drill_fail "snapshot $id: the dump is incomplete (no \"-- Dump completed\" at its end)" || return 1
  drill_mysql -e "DROP DATABASE IF EXISTS \`$scratch\`;
    CREATE DATABASE \`$scratch\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci" 2>"$work.err" ||
    drill_fail "cannot create the scratch database $scratch: $(tail -1 "$work.err")" || return 1
  gunzip -c "$file" | drill_mysql "$scratch" 2>"$work.err" ||
    drill_fail "the dump of snapshot $id does not load: $(tail -1 "$work.err")" || return 1
  # The live database is at the code's head: the running app migrated it before it turned healthy.
  applied=$(drill_value "$scratch" 'SELECT COUNT(*) FROM migrations') || drill_fail 'the copy has no migrations table' || return 1
  head=$(drill_value "$db" 'SELECT name FROM migrations ORDER BY id DESC LIMIT 1') || drill_fail 'cannot read the live migrations' || return 1
  copy=$(drill_value "$scratch" 'SELECT name FROM migrations ORDER BY id DESC LIMIT 1')
  [[ "$copy" == "$head" && "$applied" == "$(drill_value "$db" 'SELECT COUNT(*) FROM migrations')" ]] ||
    drill_fail "migrations: the copy stops at ${copy:-nothing} ($applied), the site is at $head" || return 1
  lines="migraciones al día ($applied)"
  # "Within the day's changes": the live count may differ from the copy's by the rows created since a day
  # before the snapshot (deletions are rare and as bounded).
  since=$(date -u -d "@$((epoch - 86400))" '+%F %T')
  for table in users plans user_plans reservations payments; do
    copy=$(drill_value "$scratch" "SELECT COUNT(*) FROM \`$table\`") || drill_fail "$table: not in the copy" || return 1
    live=$(drill_value "$db" "SELECT COUNT(*) FROM \`$table\`") || drill_fail "$table: cannot count the site's" || return 1
    recent=$(drill_value "$db" "SELECT COUNT(*) FROM \`$table\` WHERE created_at >= '$since'") ||
      drill_fail "$table: no created_at to count the day's changes by" || return 1
    local diff=$((live - copy))
    ((${diff#-} <= recent)) ||
      drill_fail "$table: the copy has $copy rows, the site $live ($recent created since the day before the backup)" ||
      return 1
    lines+="; $table: $copy"
  done
  [[ "$(drill_value "$scratch" "SELECT COUNT(*) FROM users WHERE email = '$email'")" == 1 ]] ||
    drill_fail "the owner's account ($email) is not in the copy" || return 1
  lines+="; cuenta de $email legible"
  printf 'copia %s del %s: %s' "$id" "$(date -u -d "@$epoch" +%Y-%m-%dT%H:%M:%SZ)" "$lines"
}

# drill: the restore drill now; writes /app-data/status/restore-drill.json (read by the app), whole or not at
# all; returns 1 when it failed. The scratch database and the restored files are removed whatever happened.
drill() {
  local work="$dir/drill-restore" scratch="${db}_drill" detail ok=true status_dir="${STATUS_DIR:-/app-data/status}"
  [[ -n "${RESTIC_REPOSITORY:-}" ]] || { echo 'RESTIC_REPOSITORY is not set: no off-site backups to drill' >&2; return 1; }
  rm -rf "$work" && mkdir -p "$work" && chmod 700 "$work" || return 1
  # The tools' own messages go to the log (shown when it failed); the report, or why, is the last line out.
  detail=$(drill_checks "$work" "$scratch" 2>"$work.log") || ok=false
  detail=${detail##*$'\n'}
  [[ "$ok" == true || ! -s "$work.log" ]] || tail -5 "$work.log" >&2
  drill_mysql -e "DROP DATABASE IF EXISTS \`$scratch\`" 2>/dev/null || true
  rm -rf "$work" "$work.err" "$work.log"
  mkdir -p "$status_dir" && chmod 755 "$status_dir"
  printf '{"at":"%s","ok":%s,"detail":"%s"}\n' "$(iso_now)" "$ok" \
    "$(printf '%s' "${detail:-drill failed}" | tr -d '"\\' | tr '\n\t' '  ' | head -c 300)" \
    >"$status_dir/restore-drill.json.partial"
  chmod 644 "$status_dir/restore-drill.json.partial"
  mv "$status_dir/restore-drill.json.partial" "$status_dir/restore-drill.json"
  if [[ "$ok" == true ]]; then
    echo "Restore drill passed: $detail"
    date -u +%s >"$dir/.drill-last-epoch"
  else
    echo "Restore drill FAILED: $detail" >&2
    return 1
  fi
}

# drill_if_due: the drill, when the last one that passed is RESTORE_DRILL_DAYS (30; 0: never) days old or more.
drill_if_due() {
  local days="${RESTORE_DRILL_DAYS:-30}" last now
  [[ "$days" =~ ^[0-9]+$ ]] || { echo "RESTORE_DRILL_DAYS must be a whole number (got \"$days\")" >&2; return 1; }
  ((days > 0)) || return 0
  last=$(cat "$dir/.drill-last-epoch" 2>/dev/null || echo 0)
  [[ "$last" =~ ^[0-9]+$ ]] || last=0
  now=$(date -u +%s)
  if ((now - last < days * 86400)); then
    echo "Next restore drill in $(((last + days * 86400 - now + 86399) / 86400)) days"
    return 0
  fi
  drill
}

case "${1:-}" in
  loop)
    trap 'exit 0' TERM INT
    while :; do
      offsite_sent=0
      backup_once || true
      # Monthly, right after a backup that reached the bucket: the drill restores that very snapshot.
      if ((offsite_sent)); then drill_if_due || true; fi
      echo "Next backup in ${BACKUP_INTERVAL_HOURS:-24} h"
      sleep "$((${BACKUP_INTERVAL_HOURS:-24} * 3600))" &
      wait $!
    done
    ;;
  once) backup_once ;;
  before-upgrade) backup_once before-upgrade- ;;
  restore) restore "${2:-}" "${3:-}" ;;
  drill) drill ;;
  *)
    echo "usage: pilates-backup loop | once | before-upgrade | restore FILE --yes | drill" >&2
    exit 1
    ;;
esac
