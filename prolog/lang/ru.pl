:- encoding(utf8).
:- module(lang_ru, []).

/** <module> Русский: подписи и шаблоны фраз для шагов и событий

Data of lang/lang.pl (its PlDoc gives the template syntax): `step(ru, Step, Label, Templates)`,
`event(ru, Kind, Label, Templates)`, `word(ru, Atom, Word)`.
*/

:- multifile lang:step/4, lang:event/4, lang:word/3, lang:refusal/3.

% --- бросок кубика (rules/dice.pl) ------------------------------------------------------------------

lang:step(ru, die_roll, "бросок кубика",
          ["{roller|card} бросает кубик: {result.unmodified} без модификаторов, {result.value} с модификаторами"]).
lang:step(ru, die_rolled, "выпало на кубике", ["на кубике выпало {roll}"]).
lang:step(ru, rerolled, "переброс", ["переброс: {before} не учитывается, на кубике {result}"]).
lang:step(ru, flipped, "переворот", ["кубик переворачивается: {before} → {result}"]).
lang:step(ru, next_roll_equals, "следующий бросок равен X",
          ["следующий бросок равен {x}: кубик не бросается, бросок равен {result}"]).
lang:step(ru, flip_source, "чей переворот", ["переворот — модификатор карты {result|card}"]).
lang:step(ru, application_order, "порядок наложения", ["модификаторы накладываются в порядке: {result|modifier|list}"]).
lang:step(ru, declared_before, "заявлен до переброса/переворота",
          ["модификатор {modifier|modifier} заявлен {declared|word} и остаётся в силе"]).
lang:step(ru, order_in_group, "порядок внутри группы выбирает",
          ["порядок внутри группы ({phase|word}, {relation|word}) выбирает {result|word}: {modifiers|modifier|list}"]).
lang:step(ru, modifier_applied, "модификатор",
          [ when(['result.value' = '*', 'modifier.op' = add],
                 "{before} {modifier.value|signed} от {modifier.source|card} ({group.relation|word}, группа {cite.label}) → {result.value}"),
            when(['result.value' = '*', 'modifier.op' = set],
                 "{before} сводится к {modifier.value} от {modifier.source|card} ({group.relation|word}, группа {cite.label}) → {result.value}"),
            when(['result.value' = '*', 'modifier.op' = strike],
                 "{strike_before|word} сводится к {modifier.value|word:dat} от {modifier.source|card} (группа {cite.label}): {before} → {result.value}"),
            when(['modifier.op' = add],
                 "{before} {modifier.value|signed} от {modifier.source|card} ({group.relation|word}, группа {cite.label}) → {result}"),
            when(['modifier.op' = set],
                 "{before} сводится к {modifier.value} от {modifier.source|card} ({group.relation|word}, группа {cite.label}) → {result}"),
            when(['modifier.op' = bound],
                 "{before} в пределах от 1 до 6 ({group.relation|word}, группа {cite.label}) → {result}"),
            when(['modifier.op' = flip],
                 "переворот от {modifier.source|card} ({group.relation|word}, группа {cite.label}): {before} → {result}"),
            "{before} → {result}"
          ]).

lang:step(ru, gain_modifier_not_applied, "модификатор получения не накладывается",
          [ when([zone = battle], "{modifier.source|card} не в отряде {squad_of|card} (под контролем {controller|word:gen}): модификатор {modifier.value|signed} не накладывается"),
            when([zone = play], "{modifier.source|card} не в отряде {squad_of|card} (под контролем {controller|word:gen}): модификатор {modifier.value|signed} не накладывается"),
            "{modifier.source|card} не в отряде ({zone|word:in}): модификатор {modifier.value|signed} не накладывается"]).
lang:step(ru, modifier_formation_gone, "модификатор за строй не накладывается",
          [ when(['reason.zone' = '*'], "{modifier.source|card} не в зоне битвы ({reason.zone|word:in}): строя нет, модификатор {modifier|modifier} не накладывается"),
            when([reason = alone], "ни одна карта отряда не стоит в строю с атакующим: строя нет, модификатор {modifier|modifier} не накладывается"),
            when([reason = giver_not_in_formation], "{modifier.source|card} не стоит в строю с атакующим: модификатор {modifier|modifier} не накладывается"),
            "атакующий не стоит в строю: модификатор {modifier|modifier} не накладывается"
          ]).
lang:step(ru, modifier_not_applied, "модификатор не накладывается",
          ["{modifier.source|card} не в отряде ({zone|word:in}): модификатор {modifier|modifier} не накладывается"]).

% --- атака (rules/attack.pl) ------------------------------------------------------------------------

lang:step(ru, attack_strength, "сила атаки",
          ["{source|card} атакует {target|card} ({strike|word}, {base}): сила {result.strength}, {result.strike|word}"]).
lang:step(ru, strike_value, "сила удара карты", ["{strike|word} у {card|card} — {result}: так задано во входных данных (сила ударов карты)"]).
lang:step(ru, attack, "атака наносит раны",
          ["{source|card} атакует {target|card}: сила {result.strength}, нанесено ран {result.dealt.wounds}, предотвращено {result.dealt.prevented}"]).
lang:step(ru, set_to_not_applied, "сведение к большему числу не применяется",
          ["{modifier|modifier}: атаку {before} нельзя свести к большему числу {value}, остаётся {result}"]).

% --- именные особенности (rules/features.pl, rules/formation.pl) ------------------------------------

lang:step(ru, gain_feature, "получение особенности",
          [ when([op = add], "{card|card} получает {value|signed} к «{name}» от {source|card}: значение {result.value}"),
            when([value = null], "{card|card} получает «{name}» от {source|card}: выполнено — {result.performed|word}"),
            "{card|card} получает «{name} {value}» от {source|card}: выполнено — {result.performed|word}, значение {result.value}"
          ]).
lang:step(ru, granted_value, "значение с модификаторами",
          [ when([op = add], "прибавка {base|signed} усилена до {result|signed}: {plus|signed} от {sources|cards}"),
            "{base} {plus|signed} от {sources|cards} → {result}" ]).
lang:step(ru, gain_outcome, "итог получения",
          [ when([result = gained], "особенности не было: она получена"),
            when([result = replaced], "«{held.name} {held.value}» замещается значением {new}"),
            when(['result.added' = '*'], "«{held.name} {held.value}» {new|signed} = {result.added}"),
            "у карты уже есть «{held.name} {held.value}»: получение не выполнено"
          ]).
lang:step(ru, works_as, "работает как", ["{value} работает как {result}"]).
lang:step(ru, leave, "отходит",
          ["{card|card} отходит от {from|card}: пропадает: {result.ended|list}, возвращается: {result.returned|list}"]).
lang:step(ru, end_of_turn, "конец хода",
          ["конец хода ({player|word}): пропадает: {result.ended|list}, возвращается: {result.returned|list}, снова действует: {result.lifted|list}"]).
lang:step(ru, approach, "подходит",
          ["{card|card} подходит к {to|card}: получено {result.gained|list}, не выполнено {result.not_performed|list}"]).
lang:step(ru, adjacent_grant, "даёт стоящему рядом",
          ["{from|card} даёт {card|card} «{name} {value}», пока стоит рядом"]).
lang:step(ru, replaced_not_kept, "замещённая не сохраняется",
          ["«{name} {value}» у {card|card} была приобретённой: замещённая, она не вернётся"]).
lang:step(ru, replaced_ended, "замещённая особенность пропадает",
          ["замещённая «{name} {value}» у {card|card} пропадает вместе со своим условием и не вернётся"]).
lang:step(ru, feature_kept, "особенность остаётся",
          [ when(['because.gain_not_performed' = '*'], "у {card|card} остаётся «{name} {value}»: получение её на это время не было выполнено"),
            when(['because.markers' = '*'], "«{name} {value}» у {card|card} остаётся подавленной: маркер подавления лежит {because.markers|word}"),
            "«{name} {value}» у {card|card} остаётся: она до конца хода, чей ход — {because.until_the_end_of_the_turn_of|word}"
          ]).
lang:step(ru, feature_ended, "особенность пропадает",
          [ when([edition = 'B', 'result.no_longer_next_to' = '*'], "у {card|card} пропадает «{name} {value}»: {result.no_longer_next_to|card} больше не стоит рядом — нарушилось условие её существования, она удаляется с карты"),
            when(['result.no_longer_next_to' = '*'], "у {card|card} пропадает «{name} {value}»: {result.no_longer_next_to|card} больше не стоит рядом"),
            "у {card|card} пропадает «{name} {value}»"
          ]).
lang:step(ru, bonus_ended, "плюс к особенности пропадает", ["у {card|card} пропадает +{plus} к «{name}» от {source|card}"]).
lang:step(ru, feature_returns, "особенность возвращается",
          [ when([kept = own], "к {card|card} возвращается «{name} {value}»: собственная, при замещении она была подавлена, а не удалена; что подавление кончается, когда замещавшая пропадает, текст прямо не говорит — так его читает движок"),
            "к {card|card} возвращается «{name} {value}»"
          ]).
lang:step(ru, formation, "строй",
          [ when([in = true], "{card|card} образует строй; получено: {result.gained|list}"),
            "{card|card} выходит из строя: пропадает: {result.ended|list}"
          ]).
lang:step(ru, formation_grant, "получено в строю", ["{card|card} получает «{name} {value}» в строю ({because|word})"]).
lang:step(ru, formation_grant_not_given, "не получено в строю",
          [ when(['reason.zone' = '*'], "{card|card} не получает «{name} {value}» в строю: {source|card} не в зоне битвы ({reason.zone|word:in}), её текст его не даёт"),
            when([reason = giver_not_in_formation], "{card|card} не получает «{name} {value}» в строю: {source|card} не стоит с ней в строю в одном отряде"),
            when([reason = own_suppressed], "{card|card} не получает «{name} {value}» в строю: её собственный Строй подавлен и не оказывает эффектов на игру"),
            when([reason = suppressed], "{card|card} не получает «{name} {value}» в строю: Строй у {source|card} подавлен и не оказывает эффектов на игру"),
            "{card|card} не получает «{name} {value}» в строю: {source|card} не стоит в строю"
          ]).

% --- раны, предотвращение, замещение (rules/prevention.pl, rules/replacement.pl) --------------------

lang:step(ru, wounds, "раны",
          [ when([source = null], "{card|card} получает {amount|plural:рану:раны:ран} ({attack|word}), источник не указан: нанесено {result.wounds}, предотвращено {result.prevented}"),
            "{card|card} получает {amount|plural:рану:раны:ран} ({attack|word}) от {source|card}: нанесено {result.wounds}, предотвращено {result.prevented}" ]).
lang:step(ru, prevention_order, "порядок предотвращения",
          [ when([stated = false], "эффекты {effects|list} применяются в порядке {result|list} (выбор не указан: по порядку карт и их эффектов)"),
            "эффекты {effects|list} применяются в порядке {result|list}"
          ]).
lang:step(ru, prevention_applied, "предотвращение",
          [ when(['result.lost' = '*'], "{effect} ({holder|card}) предотвращает {result.used} из {wounds_before|plural:раны:ран:ран}: ран остаётся {result.wounds}; эффект применяется один раз — неиспользованные {result.lost} пропадают, у эффекта остаётся 0"),
            when(['result.left' = '*'], "{effect} ({holder|card}) предотвращает {result.used} из {wounds_before|plural:раны:ран:ран}: ран остаётся {result.wounds}, у эффекта остаётся {result.left}"),
            "{effect} ({holder|card}) предотвращает {result.used} из {wounds_before|plural:раны:ран:ран}: ран остаётся {result.wounds}"
          ]).
lang:step(ru, prevention_stopped, "предотвращение не действует",
          [ when([left_play = true], "{effect}: карта {holder|card} покинула игровую зону, эффект больше не применяется"),
            "{effect}: {holder|card} не в игровой зоне, эффект не применяется"
          ]).
lang:step(ru, prevention_not_in_play, "предотвращение не действует",
          ["{effect}: карта {holder|card} не в игре ({zone|word:in}) и не покидала игровую зону, эффект не применяется"]).
lang:step(ru, prevention_not_protected, "предотвращение не защищает",
          ["{effect} ({holder|card}) не защищает {card|card}: эффект защищает только существа своего игрока"]).
lang:step(ru, prevention_spent, "предотвращение исчерпано",
          [ when([type = prevent_once], "{effect} ({holder|card}) уже применён: его текст позволяет одно применение"),
            "{effect} ({holder|card}) израсходован: предотвращать больше нечего"
          ]).
lang:step(ru, prevention_ended, "предотвращение больше не применяется",
          ["{card|card} покидает игровую зону: её эффекты предотвращения {effects|list} больше не применяются"]).
lang:step(ru, left_play_zone, "карта покидает игровую зону",
          [ when([tapped = true, bonuses = '*'], "{card|card} уходит {to|word:to} и вернётся в игровую зону только взятой оттуда заново, новым объектом: раны ({wounds}) снимаются, она больше не закрыта, пропадает приобретённое {acquired|list} и данное её собственным особенностям: {bonuses|list}"),
            when([bonuses = '*'], "{card|card} уходит {to|word:to} и вернётся в игровую зону только взятой оттуда заново, новым объектом: раны ({wounds}) снимаются, пропадает приобретённое {acquired|list} и данное её собственным особенностям: {bonuses|list}"),
            when([tapped = true], "{card|card} уходит {to|word:to} и вернётся в игровую зону только взятой оттуда заново, новым объектом: раны ({wounds}) снимаются, она больше не закрыта, пропадает приобретённое {acquired|list}"),
            "{card|card} уходит {to|word:to} и вернётся в игровую зону только взятой оттуда заново, новым объектом: раны ({wounds}) снимаются, пропадает приобретённое {acquired|list}"
          ]).
lang:step(ru, replacement_declined, "эффект замещения не применён по выбору",
          ["{replacement} ({holder|card}) может заместить эффект; игрок отказывается"]).
lang:step(ru, replacement_not_in_play, "эффект замещения не действует",
          ["{replacement}: {holder|card} не в игре ({zone|word:in}), эффект не применяется"]).
lang:step(ru, effect, "эффект",
          ["{effect.kind|word} {effect.amount} ({effect.card|card}) выполняется как {result.kind|word} {result.amount}"]).
lang:step(ru, replacement, "эффекты замещения",
          ["{effect.kind|word} {effect.amount} → {result.kind|word} {result.amount}"]).
lang:step(ru, replacement_chosen, "выбран эффект замещения",
          [ when(['result.stated' = false], "из {applicable|list} применяется {result.chosen}; выбирает {result.by|word} (выбор не указан: первый по порядку)"),
            "из {applicable|list} применяется {result.chosen}; выбирает {result.by|word}"
          ]).
lang:step(ru, replacement_applied, "эффект замещения применён",
          ["{replacement} ({holder|card}): {effect.kind|word} {effect.amount} → {result.kind|word} {result.amount}"]).

% --- взятие в отряд (rules/squad.pl) ----------------------------------------------------------------

lang:step(ru, bring_into_squad, "взятие карты в отряд",
          [ when(['result.performed' = true, how = play], "{player|word}: розыгрыш {card|card} — {result.zone|word:in} под контролем {result.controller|word:gen}"),
            when(['result.performed' = true], "{player|word}: {how|word} {card|card} — {result.zone|word:in} под контролем {result.controller|word:gen}"),
            when([how = play], "{player|word}: розыгрыш {card|card} — не выполнено"),
            "{player|word}: {how|word} {card|card} — не выполнено"
          ]).
lang:step(ru, default, "правило по умолчанию", [when([how = play], "розыгрыш: по умолчанию {rule|word}"), "{how|word}: по умолчанию {rule|word}"]).
lang:step(ru, default_overridden, "текст карты меняет правило по умолчанию",
          [when([how = play], "розыгрыш: текст карты меняет правило «{rule|word}»: {result|word}"), "{how|word}: текст карты меняет правило «{rule|word}»: {result|word}"]).
lang:step(ru, not_performed, "не выполнено", [when([how = play], "розыгрыш: не выполнено — {reason|word}"), "{how|word}: не выполнено — {reason|word}"]).
lang:step(ru, placed_in_play_zone, "карта помещается в игровую зону",
          [ when([how = play], "розыгрыш: {card|card} помещается в игровую зону; в какую её часть, текст не говорит — сценарий помещает её в зону битвы (этого не говорит ни один пункт)"),
            "{how|word}: {card|card} помещается в игровую зону; в какую её часть, текст не говорит — сценарий помещает её в зону битвы (этого не говорит ни один пункт)"
          ]).
lang:step(ru, deck_shuffled, "колода перемешивается", ["колода перемешивается после просмотра, вызвал игрок карту или нет"]).
lang:step(ru, lose_control, "потеря контроля",
          ["контроль над {card|card}: {result.controller|word} (сменился — {result.changed|word})"]).
lang:step(ru, end_of_game, "конец партии", ["после партии убираются созданные карты: {result.removed|cards}"]).

% --- потеря особенностей (rules/loss.pl) ------------------------------------------------------------

lang:step(ru, lose_features, "потеря особенностей",
          ["{card|card} теряет {which|word}: подавлены {result.suppressed|list}, удалены {result.removed|list}"]).
lang:step(ru, feature_lost, "особенность потеряна", ["«{name} {value}»: {result|word}"]).
lang:step(ru, marker_period, "срок маркера подавления", ["маркер подавления лежит {result|word}"]).
lang:step(ru, not_in_battle_zone, "карта не в зоне битвы",
          ["{card|card} не в зоне битвы ({zone|word:in}): лишение на неё не действует"]).
lang:step(ru, formation_features_lost, "потеряно связанное со строем",
          ["{card|card} теряет особенности, связанные со строем: {result|list}"]).
lang:step(ru, markers_lifted, "маркеры подавления сняты", ["{when|word}: снова действует {result|list}"]).
lang:step(ru, markers_removed, "маркеры подавления удалены",
          ["с {card|card} сняты маркеры подавления: снова действует: {result.lifted|list}"]).
lang:step(ru, trigger, "срабатывание",
          [ when([result = false], "«{feature}» у {card|card} подавлена и не срабатывает"),
            "«{feature}» у {card|card} срабатывает"
          ]).
lang:step(ru, nothing_ends, "ничего не заканчивается", ["в конце хода ничего не заканчивается: ни у одной особенности нет срока, истекающего сейчас"]).
lang:step(ru, loss_goes_on, "лишение продолжает действовать", ["{card|card} переходит {to|word:to}: о лишении сказано, что оно действует везде, — маркеры подавления остаются"]).
lang:step(ru, move_given, "ни одно правило не действует", ["{card|card} переходит {to|word:to}, как сказано в сценарии: ни одно правило редакции {edition} не действует при этом переходе"]).
lang:step(ru, zone_change, "переход в другую зону",
          ["{card|card} переходит {to|word:to}: срабатывает: {result.triggered|list}, возвращается: {result.restored|list}"]).

% --- правило топора (rules/axe.pl) ------------------------------------------------------------------

lang:step(ru, defend, "защитник",
          ["{card|card} выступает защитником: закрывается — {result.taps|word}, защит за ход — {result.defences_per_turn|word}"]).
lang:step(ru, axe_rule, "правило топора: текст карты",
          ["текст {card|card} «{card_feature}» сильнее правил: {rule|word} — {result|word}"]).

% --- события (engine/events.pl) ---------------------------------------------------------------------

lang:event(ru, die_roll, "бросок кубика", ["{result.value} (без модификаторов {result.unmodified})"]).
lang:event(ru, attack, "атака",
           [ when(['result.dealt' = '*'], "сила {result.strength}, {result.strike|word}; нанесено ран {result.dealt.wounds}, предотвращено {result.dealt.prevented}"),
             "сила {result.strength}, {result.strike|word}"
           ]).
lang:event(ru, gain_feature, "получение особенности",
           [ when(['result.performed' = true], "«{result.name}» получена: {result.value}"),
             "получение «{result.name}» не выполнено"
           ]).
lang:event(ru, approach, "подход",
           ["получено {result.gained|list}; не выполнено {result.not_performed|list}"]).
lang:event(ru, leave, "отход",
           [ when(['result.lessened' = '*'], "пропадает: {result.ended|list}; возвращается: {result.returned|list}; из них остаётся без прибавки: {result.lessened|list}"),
             "пропадает: {result.ended|list}; возвращается: {result.returned|list}"]).
lang:event(ru, end_of_turn, "конец хода",
           [ when(['result.lessened' = '*'], "пропадает: {result.ended|list}; возвращается: {result.returned|list}; снова действует: {result.lifted|list}; из них остаётся без прибавки: {result.lessened|list}"),
             "пропадает: {result.ended|list}; возвращается: {result.returned|list}; снова действует: {result.lifted|list}"]).
lang:event(ru, wounds, "раны", ["нанесено {result.wounds}, предотвращено {result.prevented}"]).
lang:event(ru, effect, "эффект", ["выполняется {result.kind|word} {result.amount} ({result.card|card})"]).
lang:event(ru, bring_into_squad, "взятие в отряд",
           [ when(['result.performed' = true], "{result.zone|word:in} под контролем {result.controller|word:gen}"),
             "не выполнено"
           ]).
lang:event(ru, lose_control, "потеря контроля", ["контролирует {result.controller|word}"]).
lang:event(ru, end_of_game, "конец партии", ["убраны {result.removed|cards}"]).
lang:event(ru, lose_features, "потеря особенностей",
           ["подавлены {result.suppressed|list}; удалены {result.removed|list}"]).
lang:event(ru, zone_change, "переход в другую зону",
           ["{result.zone|word:in}; сработало: {result.triggered|list}; возвращается: {result.restored|list}"]).
lang:event(ru, end_of_battle, "конец боя", ["снова действует: {result.lifted|list}"]).
lang:event(ru, remove_markers, "снятие маркеров", ["снова действует: {result.lifted|list}"]).
lang:event(ru, formation, "строй", ["пропадает: {result.ended|list}; получено {result.gained|list}"]).
lang:event(ru, defend, "защита",
           ["закрывается — {result.taps|word}; защит за ход — {result.defences_per_turn|word}"]).

% --- слова ------------------------------------------------------------------------------------------

lang:word(ru, true, "да").
lang:word(ru, false, "нет").
lang:word(ru, nothing, "ничего").  % an empty list (no card, no effect)
lang:word(ru, p1, "игрок p1").
lang:word(ru, p2, "игрок p2").
lang:word(ru, rules, "правила игры").
lang:word(ru, rules_bounds, "предел 1…6 (правила игры)").
lang:word(ru, all, "все собственные особенности").
% groups of modifiers
lang:word(ru, additive, "+X/−X").
lang:word(ru, set_to, "сведение к числу").
lang:word(ru, own_squad, "отряд бросающего").
lang:word(ru, self, "сама карта").
lang:word(ru, opponent, "противник").
lang:word(ru, source_squad, "отряд источника").
lang:word(ru, source, "источник атаки").
lang:word(ru, target_squad, "отряд цели").
lang:word(ru, target, "цель атаки").
lang:word(ru, before_reroll, "до переброса").
lang:word(ru, before_flip, "до переворота").
lang:word(ru, after, "после").
% strikes, attacks
lang:word(ru, weak, "слабый удар").
lang:word(ru, medium, "средний удар").
lang:word(ru, strong, "сильный удар").
lang:word(ru, 'weak:dat', "слабому удару").
lang:word(ru, 'medium:dat', "среднему удару").
lang:word(ru, 'strong:dat', "сильному удару").
lang:word(ru, strike, "удар").
lang:word(ru, special_strike, "особый удар").
lang:word(ru, shot, "выстрел").
lang:word(ru, throw, "метание").
lang:word(ru, discharge, "разряд").
lang:word(ru, spell, "заклинание").
lang:word(ru, effect, "эффект").
lang:word(ru, poison, "отравление").
% zones
lang:word(ru, battle, "зона битвы").
lang:word(ru, play, "игровая зона").
lang:word(ru, hand, "рука").
lang:word(ru, deck, "колода").
lang:word(ru, graveyard, "кладбище").
lang:word(ru, outside, "вне игры").
% the forms a template asks for with `word:in` (where: «в руке»), `word:to` (where to: «в руку»), `word:gen`
lang:word(ru, 'battle:in', "в зоне битвы").
lang:word(ru, 'play:in', "в игровой зоне").
lang:word(ru, 'hand:in', "в руке").
lang:word(ru, 'deck:in', "в колоде").
lang:word(ru, 'graveyard:in', "на кладбище").
lang:word(ru, 'outside:in', "вне игры").
lang:word(ru, 'battle:to', "в зону битвы").
lang:word(ru, 'play:to', "в игровую зону").
lang:word(ru, 'hand:to', "в руку").
lang:word(ru, 'deck:to', "в колоду").
lang:word(ru, 'graveyard:to', "на кладбище").
lang:word(ru, 'outside:to', "за пределы игры").
lang:word(ru, 'p1:gen', "игрока p1").
lang:word(ru, 'p2:gen', "игрока p2").
% bringing into the squad
lang:word(ru, summon, "вызов").
lang:word(ru, revive, "возрождение").
lang:word(ru, take_control, "взятие под контроль").
lang:word(ru, condition_ended, "особенность заканчивается вместе со своим условием («до конца хода», «пока рядом», «в строю»)").
lang:word(ru, create, "создание").
lang:word(ru, controller_is_the_player, "карту контролирует разыгравший её игрок").
lang:word(ru, from_own_deck, "из своей колоды").
lang:word(ru, from_own_graveyard, "со своего кладбища").
lang:word(ru, face_up, "в открытом виде").
lang:word(ru, under_own_control, "под своим контролем").
lang:word(ru, controller_changes, "контроль переходит к игроку").
lang:word(ru, not_in_the_players_hand, "карты нет в руке игрока").
lang:word(ru, triggered_summon_skipped, "срабатывающая способность пропущена").
lang:word(ru, not_found_or_not_wanted, "карта не найдена в колоде").
lang:word(ru, not_in_that_graveyard, "карты нет на этом кладбище").
lang:word(ru, not_an_opponents_card_in_play, "это не карта противника в игре").
lang:word(ru, already_in_the_game, "карта уже в игре").
% loss of features
lang:word(ru, suppressed, "подавлена").
lang:word(ru, removed, "удалена").
lang:word(ru, end_of_turn, "до конца хода").
lang:word(ru, end_of_battle, "до конца боя").
lang:word(ru, formed, "строй образован").
lang:word(ru, end_of_your_turn, "до конца хода её игрока").
lang:word(ru, works_again, "Строй снова действует").
% effects
lang:word(ru, regeneration, "регенерация").
lang:word(ru, heal_others, "излечение других существ").
lang:word(ru, heal, "излечение").
lang:word(ru, wounds, "раны").
% the axe rule
lang:word(ru, defender_taps, "защитник закрывается").
lang:word(ru, defences_per_turn, "защит за ход").
lang:word(ru, unlimited, "без ограничений").
% sections of the editions' rules, as a refusal names them (editions.pl unsupported_error/2)
lang:word(ru, attack_modifiers, "модификаторы атаки").
lang:word(ru, dice_modifiers, "модификаторы броска кубика").
lang:word(ru, loss_of_features, "потеря особенностей").
lang:word(ru, named_features, "именованные особенности").
lang:word(ru, prevention, "предотвращение ран").
lang:word(ru, replacement_effects, "заменяющие эффекты").
lang:word(ru, triggered_features, "срабатывающие способности").
lang:word(ru, bring_into_squad, "ввод карты в отряд").
lang:word(ru, axe_rule, "правило топора").
lang:word(ru, rules_default, "как защитник закрывается и сколько раз за ход защищает").
% a modifier as the scenario gives it (the `modifier` filter), the flip of a die
lang:word(ru, modifier_add, "{value|signed} от {source|card}").
lang:word(ru, modifier_add_formation, "{value|signed} от {source|card} за строй").
lang:word(ru, modifier_set, "сведение к {value} от {source|card}").
lang:word(ru, modifier_strike, "сведение к {value|word:dat} от {source|card}").
lang:word(ru, modifier_flip, "переворот от {source|card}").
lang:word(ru, flip, "переворот").
% the text of why around the sentences (render/why.py): headings, the final state, what-if, why-not
lang:word(ru, why_edition, "редакция {edition}").
lang:word(ru, why_event, "Событие {number}").
lang:word(ru, why_examples, "Примеры:").
lang:word(ru, why_examples_above, "Примеры: см. выше").
lang:word(ru, why_cards, "Карты сценария и цитируемых примеров:").
lang:word(ru, why_cite_missing, "({id}: нет в загруженном тексте)").
lang:word(ru, final_state, "Итоговое состояние:").
lang:word(ru, final_state_edition, "Итоговое состояние, редакция {edition}:").
lang:word(ru, state_zone, "{zone|word:in}").
lang:word(ru, state_owner, "владелец {owner|word}").
lang:word(ru, state_controller, "под контролем {controller|word:gen}").
lang:word(ru, state_wounds, "ран {wounds}").
lang:word(ru, state_tapped, "закрыта").
lang:word(ru, state_face_down, "рубашкой вверх").
lang:word(ru, state_feature_from, "от {source}").
lang:word(ru, state_feature_formation, "в строю").
lang:word(ru, state_feature_adjacent, "пока рядом").
lang:word(ru, state_feature_until, "до конца хода").
lang:word(ru, state_feature_replaced, "замещена").
lang:word(ru, state_feature_suppressed, "подавлена").
lang:word(ru, whatif_head, "что если:").
lang:word(ru, whatif_removed, "убрано; было {was}").
lang:word(ru, whatif_unchanged, "без изменений: {now}").
lang:word(ru, whatif_changed, "было {was}; стало {now}").
lang:word(ru, whatif_before, "было:").
lang:word(ru, whatif_after, "стало:").
lang:word(ru, whynot_given, "не {expected}, а {computed}: так задано во входных данных ({given}), ни одно правило этого не меняет").
lang:word(ru, whynot_agrees, "да: {expect} = {computed}").
lang:word(ru, whynot_undecided, "не {expected}, а {computed}: ни один пункт этого не решает — ни одно правило загруженного текста не делает здесь {expected}").
lang:word(ru, whynot_head, "не {expected}, а {computed}").
lang:word(ru, whynot_by, "по {refs}").
lang:word(ru, whynot_no_cite, "ни один пункт не цитируется").
lang:word(ru, whynot_last, "(применяется последним)").
% the comparison of editions (why -e A -e B)
lang:word(ru, comparison_event, "событие").
lang:word(ru, comparison_edition, "редакция {edition}").
lang:word(ru, comparison_differs, "← различается").
lang:word(ru, comparison_deciding, "решает в редакции {edition}:").
lang:word(ru, comparison_cannot_compute, "(не вычисляется: см. ниже)").
% the words of the refusals around their values (explain/refusals.py)
lang:word(ru, refusal_edition, "редакции {edition}:").
lang:word(ru, refusal_field, "поле {field}").
lang:word(ru, refusal_missing_section, "загруженный текст редакции {edition} ничего не говорит о разделе «{mechanic}»").
lang:word(ru, refusal_missing_rule, "в загруженном тексте редакции {edition} нет такого правила").
lang:word(ru, refusal_missing_nowhere, "{what}, как и текст любой другой редакции").
lang:word(ru, refusal_missing_stated, "{what} (оно есть в {where})").
lang:word(ru, not_rolled_roll, "не показывает своей грани (укажите roll или next_roll_equals, не оба)").
lang:word(ru, not_rolled_reroll, "нельзя перебросить").
% the engine's refusals (explain/refusals.py names each kind's values, in the order Prolog gives them):
% a template per kind, its {name} placeholders the kind's values
lang:refusal(ru, no_rule, "ни одно правило этой редакции здесь не применяется").
lang:refusal(ru, too_many_steps, "чтобы вычислить этот сценарий, нужно больше {limit} шагов вывода — это предел для одного сценария (достигнут на событии {event}: нужно меньше событий, карт или эффектов)").
lang:refusal(ru, too_much_memory, "чтобы вычислить этот сценарий, нужно больше {megabytes} МБ памяти — столько может занять один сценарий (достигнуто на событии {event}: нужно меньше событий, карт или эффектов)").
lang:refusal(ru, control_of_a_formation, "{card} стоит в строю или даёт либо получает что-то «в строю»: загруженный текст редакции {edition} ничего не говорит о том, что смена контроля делает со строем").
lang:refusal(ru, strike_values, "сила ударов карты {card} не известна (она нужна атаке: укажите base атаки или hit карты: [слабый, средний, сильный])").
lang:refusal(ru, attack_zone, "{card} — в зоне «{zone}»: атакует и может быть атакована только карта в зоне битвы").
lang:refusal(ru, negative_attack, "сила атаки с модификаторами была бы {strength}: ни одно правило загруженного текста не говорит, что такое отрицательная атака").
lang:refusal(ru, defend_zone, "{card} — в зоне «{zone}»: защищается только карта в зоне битвы").
lang:refusal(ru, roll_zone, "{card} — в зоне «{zone}»: кубик бросает только карта в игре").
lang:refusal(ru, adjacent_zone, "{card} — в зоне «{zone}»: рядом друг с другом стоят только карты в зоне битвы").
lang:refusal(ru, formation_zone, "{card} — в зоне «{zone}»: в строю стоит только карта в зоне битвы").
lang:refusal(ru, wound_zone, "{card} — в зоне «{zone}»: раны получает только карта в игре").
lang:refusal(ru, outside_game, "{card} не в игре (зона «вне игры»): сначала введите её в отряд").
lang:refusal(ru, into_play_zone, "{card} в зоне «{zone}»: to: {to} помещает её в игровую зону — это событие bring_into_squad (how: revive с кладбища, summon из колоды, play из руки), не zone_change").
lang:refusal(ru, formation_already, "{card} уже стоит в строю: in: true не образует нового").
lang:refusal(ru, formation_none, "{card} не стоит в строю: in: false нечего разрывать").
lang:refusal(ru, adjacent_already, "{card} уже стоит рядом с {other} (подошла раньше): подойти к ней нельзя").
lang:refusal(ru, adjacent_none, "{card} не стоит рядом с {other}: отходить не от чего").
lang:refusal(ru, same_zone, "{card} уже в зоне «{zone}»").
lang:refusal(ru, skip_not_triggered, "здесь ни на что не влияет: {card}: пропустить можно только срабатывающий вызов ({where}; для skip нужно triggered: true)").
lang:refusal(ru, order_across_groups, "здесь ни на что не влияет: в order {first} (группа {first_phase}-{first_relation}) стоит раньше {second} (группа {second_phase}-{second_relation}), чью группу редакция применяет раньше: игроки упорядочивают модификаторы только внутри группы ({where})").
lang:refusal(ru, decline_not_applying, "здесь ни на что не влияет: {effect} — не замещающий эффект, применимый к этому эффекту: отказываться не от чего").
lang:refusal(ru, decline_not_optional, "здесь ни на что не влияет: {effect} не по выбору: нет ни optional: true, ни слов «может вместо» в его тексте ({where}), поэтому его игрок не может от него отказаться").
lang:refusal(ru, pick_not_yours, "здесь ни на что не влияет: какой замещающий эффект применяется, здесь выбирает {chooser} ({where}: игрок выбирает среди своих, активный игрок — только «Если оба игрока могут применить…»): выбор {effect} игроком {player} ни на что не влияет").
lang:refusal(ru, no_effect_missing, "здесь ни на что не влияет: {missing}").
lang:refusal(ru, static_no_effect, "static: true здесь ни на что не влияет: {missing}").
lang:refusal(ru, adjacent_no_effect, "while: adjacent здесь ни на что не влияет: {missing}").
lang:refusal(ru, declared_before_flip, "здесь ни на что не влияет: переворот кубика в этой редакции — модификатор и сразу значения не меняет ({where}): ничего не объявляется до него").
lang:refusal(ru, rules_modifier_given, "здесь ни на что не влияет: у правил игры для броска кубика один модификатор — предел 1…6 ({where}), его добавляет сам движок: другого текст правилам не даёт").
lang:refusal(ru, reroll_first, "здесь ни на что не влияет: кубик перебрасывается до применения модификаторов, а переворот — модификатор ({where}): переброс всегда первый").
lang:refusal(ru, flip_not_modifier, "здесь ни на что не влияет: переворот кубика в этой редакции — не модификатор, кубик просто переворачивают ({where}): у него нет источника и места среди модификаторов").
lang:refusal(ru, not_rolled, "здесь ни на что не влияет: кубик, который не бросают («следующий бросок кубика равен X», {where}), {what}").
lang:refusal(ru, effect_not_theirs, "здесь ни на что не влияет: {effect} — эффект карты {card}, которой управляет {controller}: {player} его не применяет и не выбирает (каждый игрок применяет свои эффекты; только активный игрок выбирает среди замещающих эффектов обоих игроков)").
lang:refusal(ru, die_outside, "бросок кубика с модификаторами был бы {value}, вне 1…6: {missing}").
lang:refusal(ru, negative_feature, "значение именной особенности было бы {value}: {missing}").
lang:refusal(ru, keeps_on_leaving, "{card} покидает игровую зону с тем, что приобрела, или с неизрасходованным остатком эффекта: загруженный текст редакции {edition} ничего не говорит о том, что карта при этом сохраняет (это есть в {where})").
lang:refusal(ru, formation_unstated, "в редакции {edition} нет такого правила: её загруженный текст ничего не говорит о том, как строй распадается или складывается (это есть в {where})").
lang:refusal(ru, unsupported_section, "в редакции {edition} нет такого правила: её загруженный текст ничего не говорит о разделе «{mechanic}» (он есть в {stated})").
lang:refusal(ru, unsupported_section_nowhere, "в редакции {edition} нет такого правила: её загруженный текст ничего не говорит о разделе «{mechanic}», как и текст любой другой редакции").
lang:refusal(ru, unsupported_rule, "в редакции {edition} нет правила «{mechanic}»: в её загруженном тексте его нет (оно есть в {stated})").
lang:refusal(ru, unsupported_rule_nowhere, "в редакции {edition} нет правила «{mechanic}»: его нет ни в её загруженном тексте, ни в тексте другой редакции").
lang:refusal(ru, too_many_events, "событий {count}; на сайте вычисляется не больше {limit} (у berserk-kb why предела нет)").
lang:refusal(ru, yaml_alias, "якоря и ссылки YAML (& и *) не допускаются (строка {line}): выпишите значение полностью").
lang:refusal(ru, no_result_key, "{path}: в результате события «{kind}» нет поля «{key}»; есть: {has}").
lang:refusal(ru, sparql_syntax, "ошибка синтаксиса SPARQL: строка {line}, столбец {column} (разбор: {said})").
