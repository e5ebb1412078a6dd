#!/usr/bin/env python3
"""A real `git merge` of two branches editing one scene, mosaic-run being the merge driver
configured as engine/README.md says ("Merging scene files").

  check_git_merge.py MOSAIC_RUN WORK_FOLDER

1. Clean: one branch turns the Tank, the other moves it and scales the Turret (different
   fields of one component, and another entity): git merges with no conflict, the file holds
   all three edits in the engine's canonical form, and nothing else is left in the work tree.
2. Conflict: both branches turn the Tank, differently: git reports the conflict (the driver's
   report names the entity, component, field and values) and the file keeps ours.
3. Both branches add an entity (so both get id 3), theirs with a child: git merges with no
   conflict, theirs' entity gets id 5 and its child follows it.
"""
import os
import pathlib
import shutil
import subprocess
import sys


def fail(message):
    print('FAIL: ' + message)
    sys.exit(1)


def entity(id_, name, transform, parent=None):
    return ('{"id": %d, "name": "%s", "enabled": true, %s"components": {"Transform": '
            '{"version": 1, %s}}}' % (id_, name, '"parent": %d, ' % parent if parent else '',
                                      transform))


def scene(tank_transform, turret_transform, *more):
    return ('{"format": "mosaic.scene", "version": 2, "entities": [%s]}'
            % ', '.join([entity(1, 'Tank', tank_transform),
                         entity(2, 'Turret', turret_transform), *more]))


def transform(position='[0, 0]', rotation='0', scale='[1, 1]'):
    return '"position": %s, "rotation": %s, "scale": %s' % (position, rotation, scale)


def main():
    mosaic_run, work = os.path.abspath(sys.argv[1]), pathlib.Path(sys.argv[2]).resolve()
    shutil.rmtree(work, ignore_errors=True)
    repo, scratch = work / 'repo', work / 'scratch'
    repo.mkdir(parents=True)
    scratch.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith('GIT_')}
    env.update(GIT_CONFIG_NOSYSTEM='1', GIT_CONFIG_GLOBAL=os.devnull, HOME=str(work),
               GIT_AUTHOR_NAME='t', GIT_AUTHOR_EMAIL='t@example.com',
               GIT_COMMITTER_NAME='t', GIT_COMMITTER_EMAIL='t@example.com')

    def git(*args, check=True):
        r = subprocess.run(['git', *args], cwd=repo, env=env, capture_output=True, text=True)
        if check and r.returncode != 0:
            fail('git %s: exit %d\n%s%s' % (' '.join(args), r.returncode, r.stdout, r.stderr))
        return r

    def canonical(text):
        """The scene as the engine writes it (mosaic-run --convert)."""
        source, target = scratch / 'in.scene.json', scratch / 'out.scene.json'
        source.write_text(text)
        target.unlink(missing_ok=True)
        r = subprocess.run([mosaic_run, '--convert', str(source), str(target)],
                           capture_output=True, text=True)
        if r.returncode != 0:
            fail('--convert: ' + r.stderr)
        return target.read_text()

    def commit(text, message):
        (repo / 'level.scene.json').write_text(canonical(text))
        git('add', '-A')
        git('commit', '-q', '-m', message)

    # The driver, as the README documents it.
    git('init', '-q', '-b', 'main')
    git('config', 'merge.mosaic.name', 'Mosaic scene merge')
    git('config', 'merge.mosaic.driver', "'%s' --merge %%O %%A %%B -o %%A --path %%P" % mosaic_run)
    (repo / '.gitattributes').write_text('*.scene.json merge=mosaic\n')
    commit(scene(transform(), transform()), 'base')

    # --- 1. clean ---
    git('checkout', '-q', '-b', 'theirs')
    commit(scene(transform(position='[3, 4]'), transform(scale='[2, 2]')), 'move the tank')
    git('checkout', '-q', 'main')
    commit(scene(transform(rotation='45'), transform()), 'turn the tank')
    r = git('merge', '-q', '--no-edit', 'theirs', check=False)
    if r.returncode != 0:
        fail('the clean merge failed:\n' + r.stdout + r.stderr)
    merged = (repo / 'level.scene.json').read_text()
    expected = canonical(scene(transform(position='[3, 4]', rotation='45'),
                               transform(scale='[2, 2]')))
    if merged != expected:
        fail('clean merge: got\n%s\nexpected\n%s' % (merged, expected))
    status = git('status', '--porcelain', '--untracked-files=all').stdout
    if status:
        fail('the merge left files behind:\n' + status)
    print('clean merge: ok')

    # --- 2. conflict ---
    git('checkout', '-q', '-b', 'theirs2')
    commit(scene(transform(position='[3, 4]', rotation='90'), transform(scale='[2, 2]')),
           'turn the tank right')
    git('checkout', '-q', 'main')
    ours = scene(transform(position='[3, 4]', rotation='10'), transform(scale='[2, 2]'))
    commit(ours, 'turn the tank a little')
    r = git('merge', '--no-edit', 'theirs2', check=False)
    output = r.stdout + r.stderr
    if r.returncode == 0:
        fail('the conflicting merge succeeded:\n' + output)
    if 'CONFLICT (content): Merge conflict in level.scene.json' not in output:
        fail('git did not report the conflict:\n' + output)
    report = ('level.scene.json: conflict: entity "Tank" (id 1), component Transform, field '
              'rotation: base 45.0, ours 10.0, theirs 90.0; kept ours')
    if report not in output:
        fail('the driver did not report the field:\n' + output)
    unmerged = git('diff', '--name-only', '--diff-filter=U').stdout.split()
    if unmerged != ['level.scene.json']:
        fail('unmerged files: %s' % unmerged)
    if (repo / 'level.scene.json').read_text() != canonical(ours):
        fail('the conflicting merge did not keep ours')
    print('conflicting merge: ok')

    # --- 3. entities added on both sides ---
    git('merge', '--abort')
    tank, turret = transform(position='[3, 4]', rotation='10'), transform(scale='[2, 2]')
    git('checkout', '-q', '-b', 'theirs3')
    commit(scene(tank, turret, entity(3, 'Mine', transform()),
                 entity(4, 'Fuse', transform(), parent=3)), 'a mine')
    git('checkout', '-q', 'main')
    commit(scene(tank, turret, entity(3, 'Flag', transform())), 'a flag')
    r = git('merge', '--no-edit', 'theirs3', check=False)
    output = r.stdout + r.stderr
    if r.returncode != 0:
        fail('the merge of added entities failed:\n' + output)
    expected = canonical(scene(tank, turret, entity(3, 'Flag', transform()),
                               entity(4, 'Fuse', transform(), parent=5),
                               entity(5, 'Mine', transform())))
    if (repo / 'level.scene.json').read_text() != expected:
        fail('added entities: got\n%s\nexpected\n%s'
             % ((repo / 'level.scene.json').read_text(), expected))
    print('entities added on both sides: ok')


if __name__ == '__main__':
    main()
